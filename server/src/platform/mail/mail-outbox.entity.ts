import { defineEntity, type Opt, p } from '@mikro-orm/core';

/**
 * Every e-mail is written here in the transaction that causes it, then delivered: none is lost. A
 * delivery run claims rows atomically (docs/jobs.md, "Mail outbox"), so each is sent by one process.
 */
export class MailOutbox {
  declare id: number;
  declare to: string;
  declare subject: string;
  declare text: string;
  declare createdAt: Date & Opt;
  declare sentAt: Date | null;
  declare attempts: number & Opt;
  declare lastError: string | null;
  /** After a failed send: when the next attempt is due (null: due now, or sent, or given up). */
  declare nextAttemptAt: Date | null;
  /** Set while a delivery run (claimed_by: its process) sends it; a stale claim is due again. */
  declare claimedAt: Date | null;
  declare claimedBy: string | null;
}

export const MailOutboxSchema = defineEntity({
  class: MailOutbox,
  tableName: 'mail_outbox',
  properties: {
    id: p.bigint('number').primary(),
    to: p.string().length(255),
    subject: p.string().length(500),
    text: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    sentAt: p.datetime().nullable().index(),
    attempts: p.integer().default(0),
    lastError: p.string().length(1000).nullable(),
    nextAttemptAt: p.datetime().nullable(),
    claimedAt: p.datetime().nullable(),
    claimedBy: p.string().length(100).nullable(),
  },
});
