import { defineEntity, type Opt, p } from '@mikro-orm/core';

/** Every e-mail is written here in the transaction that causes it, then delivered: none is lost. */
export class MailOutbox {
  declare id: number;
  declare to: string;
  declare subject: string;
  declare text: string;
  declare createdAt: Date & Opt;
  declare sentAt: Date | null;
  declare attempts: number & Opt;
  declare lastError: string | null;
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
  },
});
