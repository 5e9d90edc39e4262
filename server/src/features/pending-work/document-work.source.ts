import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentRow, DocumentType } from '../../kits/documents/document-kit';
import { approvalsInForce, type TransitionDecl } from '../../kits/workflow/workflow';
import { scopePathCondition } from '../../platform/auth/data-scope';
import { menuByCode } from '../../platform/auth/menu-catalogue';
import type { Principal } from '../../platform/auth/principal';
import {
  forwardTransitionsFor,
  type PendingWorkContext,
  type PendingWorkGroup,
  type PendingWorkKind,
  type PendingWorkSource,
  statusLabelOf,
} from './pending-work.source';

// The documents of the kit, one source per declared type: each forward transition of its workflow
// (pending-work.source.ts, movesForward) that the person holds a menu code for is work waiting in the
// transition's from-statuses, within the data scope the action is checked against (the owner, or the
// type's actionScope: a transfer's destination receives). Approvals also apply maker-checker as the
// workflow rule does: not the maker's own documents, nor a level-2 approval of someone who gave
// level 1. Counted in SQL per type and status; the newest items are read with their owning unit.

/** What kind of work an action is: an approval, a delivery due, or another step. */
function kindOf(t: TransitionDecl): PendingWorkKind {
  if (t.approval !== undefined) return 'APPROVAL';
  if (t.action === 'DELIVER') return 'DELIVERY';
  return 'ACTION';
}

/** The where-condition that the action's scope (owner, or a named scope) is within the caller's reach. */
function actionScopeWhere(type: DocumentType, action: string, principal: Principal): Record<string, unknown> {
  const path = scopePathCondition(principal);
  if (!path) return {};
  const scope = type.actionScope?.[action];
  const propertyPath = scope ? type.scopes?.[scope] : undefined;
  if (!propertyPath) return { ownerUnit: { path } };
  return propertyPath
    .split('.')
    .reduceRight<Record<string, unknown>>((acc, part) => ({ [part]: acc }), { path });
}

/**
 * Documents of the type on which the person's approval at another level is in force: they may not
 * approve this level (the workflow rule's SECOND_LEVEL). Read from the history of the documents the
 * person approved at all, which is few.
 */
async function approvedAtAnotherLevel(
  em: EntityManager,
  type: DocumentType,
  principal: Principal,
  level: number,
): Promise<number[]> {
  const wf = type.workflow;
  const levels = new Set(wf.transitions.flatMap((t) => (t.approval !== undefined ? [t.approval] : [])));
  if (levels.size < 2) return [];
  const actions = wf.transitions
    .filter((t) => t.approval !== undefined || t.revokes !== undefined)
    .map((t) => t.action);
  const rows = await em
    .getConnection()
    .execute<{ document_id: number; action: string; actor_user_id: number }[]>(
      `select h.document_id, h.action, h.actor_user_id from document_history h
      where h.document_type = ? and h.action in (${actions.map(() => '?').join(', ')})
        and h.document_id in (select m.document_id from document_history m
                               where m.document_type = ? and m.actor_user_id = ?)
      order by h.id`,
      [type.type, ...actions, type.type, principal.userId],
    );
  const byDocument = new Map<number, { action: string; actorUserId: number }[]>();
  for (const r of rows) {
    const list = byDocument.get(r.document_id) ?? [];
    list.push({ action: r.action, actorUserId: r.actor_user_id });
    byDocument.set(r.document_id, list);
  }
  const excluded: number[] = [];
  for (const [id, history] of byDocument) {
    const inForce = approvalsInForce(wf, { status: '', ownerPath: '', createdBy: 0, history });
    for (const [l, userId] of inForce) if (l !== level && userId === principal.userId) excluded.push(id);
  }
  return excluded;
}

/** The pending-work source of one document type. */
export function documentWorkSource(type: DocumentType): PendingWorkSource {
  return {
    key: `document:${type.type}`,
    applies: (principal) => forwardTransitionsFor(type.workflow, principal).length > 0,
    async collect({ em, principal, limit }: PendingWorkContext): Promise<PendingWorkGroup[]> {
      const groups: PendingWorkGroup[] = [];
      for (const { transition: t, menuCode } of forwardTransitionsFor(type.workflow, principal)) {
        const base: Record<string, unknown>[] = [actionScopeWhere(type, t.action, principal)];
        if (t.approval !== undefined) {
          base.push({ createdBy: { $ne: principal.userId } });
          const excluded = await approvedAtAnotherLevel(em, type, principal, t.approval);
          if (excluded.length) base.push({ id: { $nin: excluded } });
        }
        for (const status of t.from) {
          const where = { $and: [...base, { status }] };
          const count = await em.count(type.entity, where as never);
          if (!count) continue;
          const rows: DocumentRow[] = limit
            ? await em.find(type.entity, where as never, {
                orderBy: { updatedAt: 'desc', id: 'desc' },
                limit,
                populate: ['ownerUnit'] as never[],
              })
            : [];
          groups.push({
            source: `document:${type.type}`,
            kind: kindOf(t),
            documentType: type.type,
            label: type.label,
            status,
            statusLabel: statusLabelOf(type.workflow, status),
            action: t.action,
            actionLabel: t.label,
            menuCode,
            link: menuByCode(menuCode)?.route ?? '/backoffice',
            count,
            items: rows.map((r) => ({
              documentType: type.type,
              id: r.id,
              number: r.number,
              status: r.status,
              unit: { th: r.ownerUnit.nameTh, en: r.ownerUnit.nameEn },
              date: r.updatedAt,
            })),
          });
        }
      }
      return groups;
    },
  };
}
