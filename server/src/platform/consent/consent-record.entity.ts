import { defineEntity, type Opt, p } from '@mikro-orm/core';

/**
 * A person's consent to the processing of their personal data (PDPA; product-decisions sec. 8):
 * which notice version they agreed to, when, through which form, and what it concerns. Written by
 * `recordConsent` in the transaction of the form it came with; never changed (a withdrawal is a row
 * of its own).
 */
export class ConsentRecord {
  declare id: number;
  /** What the consent came with, e.g. MONEY_DONATION and the document's id. */
  declare subjectType: string;
  declare subjectId: number;
  /** The person's e-mail address, when the form gave one (to find their consents again). */
  declare email: string | null;
  /** The privacy notice version shown when the person agreed. */
  declare noticeVersion: string;
  /** The form or screen, e.g. donate-money-by-bank-transfer. */
  declare channel: string;
  /** What was agreed to, in the words shown (Thai). */
  declare purpose: string;
  declare ip: string | null;
  declare userAgent: string | null;
  declare givenAt: Date & Opt;
}

export const ConsentRecordSchema = defineEntity({
  class: ConsentRecord,
  tableName: 'consent_record',
  indexes: [{ properties: ['subjectType', 'subjectId'] }],
  properties: {
    id: p.bigint('number').primary(),
    subjectType: p.string().length(40),
    subjectId: p.integer(),
    email: p.string().length(254).nullable().index(),
    noticeVersion: p.string().length(40),
    channel: p.string().length(60),
    purpose: p.string().length(1000),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(255).nullable(),
    givenAt: p.datetime().onCreate(() => new Date()),
  },
});
