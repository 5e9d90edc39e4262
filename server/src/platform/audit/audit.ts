import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEvent } from './audit-event.entity';

export interface AuditEntry {
  event: string;
  actorUserId?: number | null;
  subject?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
  requestId?: string | null;
}

/** Appends to the audit trail in the caller's transaction (persisted with its flush). */
export function audit(em: EntityManager, entry: AuditEntry): void {
  em.persist(
    em.create(AuditEvent, {
      event: entry.event,
      actorUserId: entry.actorUserId ?? null,
      subject: entry.subject ?? null,
      details: entry.details ?? null,
      ip: entry.ip ?? null,
      requestId: entry.requestId ?? null,
    }),
  );
}
