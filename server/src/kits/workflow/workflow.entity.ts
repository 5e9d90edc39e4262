import { defineEntity, type Opt, p } from '@mikro-orm/core';
import { appendOnlyTriggers } from '../../platform/db/append-only';

// The workflow's own tables, shared by every document type: number counters, the status history
// and idempotency keys. Documents are referred to by (type, id): the tables of document types
// belong to features, and the platform never points at them.

/** The last number given per document type (or receipt series) and fiscal year. */
export class DocumentCounter {
  declare series: string;
  declare fiscalYear: number;
  declare last: number;
}

export const DocumentCounterSchema = defineEntity({
  class: DocumentCounter,
  tableName: 'document_counter',
  checks: [{ name: 'document_counter_last_check', expression: 'last >= 0' }],
  properties: {
    series: p.string().length(40).primary(),
    fiscalYear: p.smallint().primary(),
    last: p.integer(),
  },
});

/** One field an action changed: a header field (`line` null) or a line's (its number, from 1). */
export interface HistoryChange {
  field: string;
  line: number | null;
  before: string | null;
  after: string | null;
}

/** One status change of a document: append-only (the database refuses UPDATE and DELETE). */
export class DocumentHistory {
  declare id: number;
  declare documentType: string;
  declare documentId: number;
  declare action: string;
  declare fromStatus: string | null;
  declare toStatus: string;
  declare reason: string | null;
  /** What an action that enters fields again changed (an edited delivery or result): before and after. */
  declare changes: HistoryChange[] | null;
  /** Not a foreign key: the history outlives what it mentions. */
  declare actorUserId: number;
  declare at: Date & Opt;
}

export const DocumentHistorySchema = defineEntity({
  class: DocumentHistory,
  tableName: 'document_history',
  triggers: appendOnlyTriggers('document_history'),
  indexes: [{ properties: ['documentType', 'documentId'] }],
  properties: {
    id: p.bigint('number').primary(),
    documentType: p.string().length(40),
    documentId: p.integer(),
    action: p.string().length(40),
    fromStatus: p.string().length(30).nullable(),
    toStatus: p.string().length(30),
    reason: p.string().length(1000).nullable(),
    changes: p.json<HistoryChange[]>().nullable(),
    actorUserId: p.integer(),
    at: p.datetime().onCreate(() => new Date()),
  },
});

/**
 * The first answer to a command sent with a client key, so a retry gets it instead of a repeat. The
 * request's hash (sha256 of its canonical JSON, idempotency.ts) tells a retry from another request
 * sent with the same key; rows written before it was kept have none and are trusted as before.
 */
export class IdempotencyRecord {
  declare userId: number;
  declare key: string;
  declare operation: string;
  declare requestHash: string | null;
  declare result: Record<string, unknown> | null;
  declare createdAt: Date & Opt;
}

export const IdempotencyRecordSchema = defineEntity({
  class: IdempotencyRecord,
  tableName: 'idempotency_key',
  properties: {
    userId: p.integer().primary(),
    key: p.string().length(100).primary(),
    operation: p.string().length(100),
    requestHash: p.string().length(64).nullable(),
    result: p.json<Record<string, unknown>>().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});

export const workflowEntities = [DocumentCounterSchema, DocumentHistorySchema, IdempotencyRecordSchema];
