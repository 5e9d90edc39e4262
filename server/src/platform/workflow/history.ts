import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentHistory } from './workflow.entity';

export interface HistoryEntry {
  documentType: string;
  documentId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason?: string | null;
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
      actorUserId: entry.actorUserId,
    }),
  );
}

/** A document's history, oldest first. */
export function historyOf(
  em: EntityManager,
  documentType: string,
  documentId: number,
): Promise<DocumentHistory[]> {
  return em.find(DocumentHistory, { documentType, documentId }, { orderBy: { at: 'asc', id: 'asc' } });
}
