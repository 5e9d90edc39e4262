import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { DocumentHistory, type HistoryChange } from './workflow.entity';

export interface HistoryEntry {
  documentType: string;
  documentId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason?: string | null;
  /** Fields the action entered again, before and after (an edited delivery). */
  changes?: HistoryChange[] | null;
  actorUserId: number;
}

/** Appends a status change to the document's history, in the caller's transaction. */
export function recordHistory(tx: EntityManager, entry: HistoryEntry): void {
  tx.persist(
    tx.create(DocumentHistory, {
      documentType: entry.documentType,
      documentId: entry.documentId,
      action: entry.action,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      reason: entry.reason ?? null,
      changes: entry.changes ?? null,
      actorUserId: entry.actorUserId,
    }),
  );
}

/**
 * The statement that appends status changes without the unit of work (a document command's hot
 * path), for `writeHistory` or folded into a command's own statement: the rows `recordHistory`
 * writes, their time taken here as there.
 */
export function historyInsert(entries: readonly HistoryEntry[]): { sql: string; params: unknown[] } {
  const at = new Date();
  return {
    sql: `insert into document_history (document_type, document_id, action, from_status, to_status, reason,
       changes, actor_user_id, at) values ${entries.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    params: entries.flatMap((entry) => [
      entry.documentType,
      entry.documentId,
      entry.action,
      entry.fromStatus,
      entry.toStatus,
      entry.reason ?? null,
      entry.changes?.length ? JSON.stringify(entry.changes) : null,
      entry.actorUserId,
      at,
    ]),
  };
}

/** Appends a status change at once, in one statement and without the unit of work. */
export async function writeHistory(tx: EntityManager, entry: HistoryEntry): Promise<void> {
  if (!tx.isInTransaction()) throw new Error('writeHistory must run inside the command transaction');
  const { sql, params } = historyInsert([entry]);
  await tx.getConnection().execute(sql, params, 'run', tx.getTransactionContext());
}

/** A document's history, oldest first. */
export function historyOf(
  em: EntityManager,
  documentType: string,
  documentId: number,
): Promise<DocumentHistory[]> {
  return em.find(DocumentHistory, { documentType, documentId }, { orderBy: { at: 'asc', id: 'asc' } });
}

// A list's rows each asking for their history (to say which actions the caller may take) share one
// query: one loader a request, keyed by the request's EntityManager fork, so nothing outlives it.
// It batches but does not cache: a mutation's answer reads the history the mutation just wrote.
const loaders = new WeakMap<EntityManager, DataLoader<string, DocumentHistory[]>>();
const keyOf = (documentType: string, documentId: number) => `${documentType}:${documentId}`;

/** A document's history, oldest first, batched with the other histories this request asks for. */
export function loadHistory(
  em: EntityManager,
  documentType: string,
  documentId: number,
): Promise<DocumentHistory[]> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader(
      async (keys) => {
        const byType = new Map<string, number[]>();
        for (const key of keys) {
          const [type, id] = key.split(':');
          byType.set(type, [...(byType.get(type) ?? []), Number(id)]);
        }
        const rows = await em.find(
          DocumentHistory,
          { $or: [...byType].map(([type, ids]) => ({ documentType: type, documentId: { $in: ids } })) },
          { orderBy: { at: 'asc', id: 'asc' } },
        );
        const grouped = new Map<string, DocumentHistory[]>(keys.map((k) => [k, []]));
        for (const row of rows) grouped.get(keyOf(row.documentType, row.documentId))?.push(row);
        return keys.map((k) => grouped.get(k) ?? []);
      },
      { cache: false },
    );
    loaders.set(em, loader);
  }
  return loader.load(keyOf(documentType, documentId));
}
