import type { EntityManager } from '@mikro-orm/postgresql';
import type { Label, TransitionDecl, WorkflowDecl } from '../../kits/workflow/workflow';
import type { Principal } from '../../platform/auth/principal';

// Pending work (MN-106, docs/pending-work.md) is a small registry of sources: each answers, for one
// person, what waits for them (counts per kind of work and the newest rows), within their menus and
// their data scope. The documents of the kit are one source per declared type (derived from the
// declarations), receipt requests, personal-data deletion requests and overdue e-Donation rows are one
// each. A new kind of work is one more entry in pending-work.sources.ts.

/** What the list groups by: the screen shows one section per kind. */
export type PendingWorkKind = 'APPROVAL' | 'DELIVERY' | 'ACTION' | 'REQUEST' | 'E_DONATION';

export const pendingWorkKinds: readonly PendingWorkKind[] = [
  'APPROVAL',
  'DELIVERY',
  'ACTION',
  'REQUEST',
  'E_DONATION',
];

/** One thing waiting: a document (or request, or row) and the action it waits for. */
export interface PendingWorkItem {
  /**
   * The record's kind: its document type (GOODS_DONATION, …; an overdue e-Donation row's donation's),
   * RECEIPT_REQUEST or PERSONAL_DATA_DELETION. With id it names the record: ids of different kinds
   * share numbers.
   */
  documentType: string;
  id: number;
  /** The document number (or the request's tracking number). */
  number: string;
  status: string;
  unit: Label | null;
  /** When it reached the state it waits in (or was written): newest first. */
  date: Date;
}

/** The work of one source in one status: its count and its newest items. */
export interface PendingWorkGroup {
  /** The source's key: `document:MONEY_DISBURSEMENT`, `receipt-request`, … */
  source: string;
  kind: PendingWorkKind;
  /** The document type (or the request's kind): what the link opens. */
  documentType: string;
  label: Label;
  status: string;
  statusLabel: Label;
  action: string;
  actionLabel: Label;
  /** The caller's menu code that grants the action: the screen to act on opens with it. */
  menuCode: string;
  /** The back-office route that works this kind of item (`/backoffice/<key>`). */
  link: string;
  count: number;
  items: PendingWorkItem[];
}

export interface PendingWorkContext {
  em: EntityManager;
  principal: Principal;
  /** Items listed per group (the count is always complete); 0: counts only. */
  limit: number;
}

export interface PendingWorkSource {
  key: string;
  /** Cheap check before any query: whether the person may act on this source at all. */
  applies(principal: Principal): boolean;
  collect(ctx: PendingWorkContext): Promise<PendingWorkGroup[]>;
}

/**
 * Whether a transition is work that waits for someone: it moves the document on. Withdrawals are not
 * (cancel, reject, cancel-approve and the other reason-required reversals), nor edits that keep the
 * status (a result's edit, a receipt request's link).
 */
export function movesForward(t: TransitionDecl, wf: WorkflowDecl): boolean {
  if (t.revokes !== undefined || t.reason === 'required' || t.by === 'maker') return false;
  if (t.from.includes(t.to)) return false;
  const terminal = wf.statuses.find((s) => s.code === t.to);
  return terminal?.code !== 'CANCELLED' && terminal?.code !== 'REJECTED';
}

/** The forward transitions the person holds a menu code for, each with the first code they hold. */
export function forwardTransitionsFor(
  wf: WorkflowDecl,
  principal: Principal,
): { transition: TransitionDecl; menuCode: string }[] {
  return wf.transitions.flatMap((transition) => {
    if (!movesForward(transition, wf)) return [];
    const menuCode = transition.menu.find((c) => principal.menuCodes.has(c));
    return menuCode ? [{ transition, menuCode }] : [];
  });
}

export const statusLabelOf = (wf: WorkflowDecl, code: string): Label =>
  wf.statuses.find((s) => s.code === code)?.label ?? { th: code, en: code };
