import type { MenuCode } from '@namjai/common/menu-catalogue';
import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { AppError } from '../../platform/errors';

// A document type's statuses and transitions, and the one rule that decides whether a person may take
// an action on a document now: the action's menu code, the document's status, the data scope of its
// owning unit, and maker-checker (the maker may not approve; nobody approves two levels of the same
// document). The same function answers the client's "which actions may I take" and guards the command.

export interface Label {
  th: string;
  en: string;
}

export interface StatusDecl {
  code: string;
  label: Label;
}

export interface TransitionDecl {
  /** Upper-case name, e.g. SEND, RECEIVE, APPROVE_1, CANCEL. */
  action: string;
  label: Label;
  from: readonly string[];
  to: string;
  /** Menu codes, any of which grants the action. */
  menu: readonly MenuCode[];
  /** An approval of this level: maker-checker applies. */
  approval?: number;
  /** Undoes the approval of this level (cancel-approve): that approver may approve again. */
  revokes?: number;
  /** A reason is required (reject, cancel, cancel-approve) or may be given. */
  reason?: 'required' | 'optional';
  /** Only the maker may take it (a requester withdrawing their own request). */
  by?: 'maker';
}

export interface WorkflowDecl {
  /** What the refusals call one of these (default "document"): "registration request", … */
  noun?: Label;
  statuses: readonly StatusDecl[];
  /** The status a new document starts in. */
  initial: string;
  transitions: readonly TransitionDecl[];
}

/** What the rule needs to know of one document. */
export interface DocumentFacts {
  status: string;
  /** Materialised path of the owning unit. */
  ownerPath: string;
  createdBy: number;
  /** Actions taken so far, oldest first (from the history). */
  history: readonly { action: string; actorUserId: number }[];
}

export type RefusalReason =
  | 'MENU'
  | 'STATUS'
  | 'SCOPE'
  | 'MAKER'
  | 'NOT_MAKER'
  | 'SECOND_LEVEL'
  | 'UNKNOWN_ACTION';

const documentNoun: Label = { th: 'เอกสาร', en: 'document' };

export interface Refusal {
  reason: RefusalReason;
  th: string;
  en: string;
}

/** Checks a declaration once, when a document type is defined. */
export function checkWorkflow(type: string, wf: WorkflowDecl): void {
  const fail = (why: string) => {
    throw new Error(`Document type ${type}: ${why}`);
  };
  const codes = new Set(wf.statuses.map((s) => s.code));
  if (!codes.has(wf.initial)) fail(`initial status ${wf.initial} is not declared`);
  const actions = new Set<string>();
  for (const t of wf.transitions) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(t.action)) fail(`bad action name ${t.action}`);
    if (actions.has(t.action)) fail(`duplicate action ${t.action}`);
    actions.add(t.action);
    for (const s of [...t.from, t.to]) if (!codes.has(s)) fail(`${t.action} uses undeclared status ${s}`);
    if (!t.menu.length) fail(`${t.action} declares no menu code`);
    if (t.by === 'maker' && t.approval !== undefined)
      fail(`${t.action} is an approval only its maker may take`);
  }
}

/** The approvals in force: levels approved and by whom, less those a later cancel-approve undid. */
export function approvalsInForce(wf: WorkflowDecl, facts: DocumentFacts): Map<number, number> {
  const byAction = new Map(wf.transitions.map((t) => [t.action, t]));
  const levels = new Map<number, number>();
  for (const h of facts.history) {
    const t = byAction.get(h.action);
    if (t?.approval !== undefined) levels.set(t.approval, h.actorUserId);
    if (t?.revokes !== undefined) levels.delete(t.revokes);
  }
  return levels;
}

/** Why the principal may not take the action now, or null when they may. */
export function refusalOf(
  wf: WorkflowDecl,
  action: string,
  facts: DocumentFacts,
  principal: Principal,
): Refusal | null {
  const t = wf.transitions.find((x) => x.action === action);
  const noun = wf.noun ?? documentNoun;
  if (!t) return { reason: 'UNKNOWN_ACTION', th: `ไม่มีการดำเนินการ ${action}`, en: `No action ${action}` };
  if (!t.menu.some((code) => principal.menuCodes.has(code))) {
    return { reason: 'MENU', th: 'คุณไม่มีสิทธิ์ดำเนินการนี้', en: 'You are not allowed to take this action' };
  }
  if (!inScope(principal, facts.ownerPath)) {
    return {
      reason: 'SCOPE',
      th: `${noun.th}นี้เป็นของหน่วยงานนอกสังกัดของท่าน`,
      en: `This ${noun.en} belongs to a unit outside your own`,
    };
  }
  if (!t.from.includes(facts.status)) {
    const status = wf.statuses.find((s) => s.code === facts.status)?.label ?? {
      th: facts.status,
      en: facts.status,
    };
    return {
      reason: 'STATUS',
      th: `ทำรายการ "${t.label.th}" ไม่ได้ เพราะ${noun.th}อยู่ในสถานะ "${status.th}"`,
      en: `"${t.label.en}" is not possible while the ${noun.en} is ${status.en.toLowerCase()}`,
    };
  }
  if (t.by === 'maker' && facts.createdBy !== principal.userId) {
    return {
      reason: 'NOT_MAKER',
      th: `เฉพาะผู้จัดทำ${noun.th}เท่านั้นที่ทำรายการ "${t.label.th}" ได้`,
      en: `Only the maker of the ${noun.en} may take "${t.label.en}"`,
    };
  }
  if (t.approval !== undefined) {
    if (facts.createdBy === principal.userId) {
      return {
        reason: 'MAKER',
        th: `ผู้จัดทำ${noun.th}อนุมัติ${noun.th}ของตนเองไม่ได้`,
        en: `The maker of a ${noun.en} may not approve it`,
      };
    }
    for (const [level, userId] of approvalsInForce(wf, facts)) {
      if (level !== t.approval && userId === principal.userId) {
        return {
          reason: 'SECOND_LEVEL',
          th: `ท่านอนุมัติระดับที่ ${level} ของ${noun.th}นี้แล้ว จึงอนุมัติอีกระดับไม่ได้`,
          en: `You approved level ${level} of this ${noun.en}, so you may not approve another level`,
        };
      }
    }
  }
  return null;
}

/**
 * Whether the rule for this action reads the document's history: only an approval does (which
 * levels are in force, and by whom). Other actions may be checked with an empty history.
 */
export function needsHistory(wf: WorkflowDecl, action: string): boolean {
  return wf.transitions.find((t) => t.action === action)?.approval !== undefined;
}

/**
 * The actions the principal may take on the document now, in declaration order. The facts may
 * differ by action (whose scope decides: a transfer's destination approves, its maker cancels).
 */
export function allowedActions(
  wf: WorkflowDecl,
  facts: DocumentFacts | ((action: string) => DocumentFacts),
  principal: Principal,
): string[] {
  const factsOf = typeof facts === 'function' ? facts : () => facts;
  return wf.transitions
    .filter((t) => refusalOf(wf, t.action, factsOf(t.action), principal) === null)
    .map((t) => t.action);
}

/**
 * Throws the refusal as the caller's error: 403 for menu, scope and a maker-only action taken by
 * someone else; 409 for status and maker-checker.
 */
export function assertAllowed(
  wf: WorkflowDecl,
  action: string,
  facts: DocumentFacts,
  principal: Principal,
): void {
  const refusal = refusalOf(wf, action, facts, principal);
  if (!refusal) return;
  const forbidden = refusal.reason === 'MENU' || refusal.reason === 'SCOPE' || refusal.reason === 'NOT_MAKER';
  const status = forbidden ? 403 : refusal.reason === 'UNKNOWN_ACTION' ? 400 : 409;
  throw new AppError(forbidden ? 'FORBIDDEN' : `WORKFLOW_${refusal.reason}`, status, refusal.th, refusal.en, {
    reason: refusal.reason,
    action,
  });
}
