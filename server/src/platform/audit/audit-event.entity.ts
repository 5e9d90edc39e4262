import { defineEntity, type Opt, p } from '@mikro-orm/core';

export class AuditEvent {
  declare id: number;
  declare at: Date & Opt;
  /** Not a foreign key: the audit trail outlives what it mentions. */
  declare actorUserId: number | null;
  declare event: string;
  declare subject: string | null;
  declare details: Record<string, unknown> | null;
  declare ip: string | null;
  declare requestId: string | null;
}

export const AuditEventSchema = defineEntity({
  class: AuditEvent,
  tableName: 'audit_event',
  properties: {
    id: p.bigint('number').primary(),
    at: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    actorUserId: p.integer().nullable().index(),
    event: p.string().length(60).index(),
    subject: p.string().length(255).nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
    ip: p.string().length(64).nullable(),
    requestId: p.string().length(64).nullable(),
  },
});
