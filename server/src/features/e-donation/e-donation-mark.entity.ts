import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { User } from '../../kits/core/user.entity';

// That a row of the e-Donation export (docs/e-donation.md) was keyed into the Revenue Department's
// e-Donation system: who and when. Unmarking keeps the row (who, when, why) and a new mark adds a
// new one, so the table is the keying history; at most one mark of a donation is in force (a partial
// unique index), which also makes marking idempotent under concurrent requests.

export const E_DONATION_DOCUMENT_TYPES = ['MONEY_DONATION', 'GOODS_DONATION'] as const;

export class EDonationMark {
  declare id: number;
  /** The donation, by type and id (MONEY_DONATION, GOODS_DONATION). */
  declare documentType: string;
  declare documentId: number;
  declare keyedBy: Ref<User>;
  declare keyedAt: Date & Opt;
  declare unmarkedBy: Ref<User> | null;
  declare unmarkedAt: Date | null;
  declare unmarkReason: string | null;
}

export const EDonationMarkSchema = defineEntity({
  class: EDonationMark,
  tableName: 'e_donation_mark',
  checks: [
    {
      name: 'e_donation_mark_document_type_check',
      expression: `document_type in (${E_DONATION_DOCUMENT_TYPES.map((t) => `'${t}'`).join(', ')})`,
    },
    {
      name: 'e_donation_mark_unmark_check',
      expression:
        '(unmarked_at is null) = (unmarked_by_id is null) and (unmarked_at is null) = (unmark_reason is null)',
    },
  ],
  indexes: [
    {
      name: 'e_donation_mark_in_force_key',
      expression:
        'create unique index "e_donation_mark_in_force_key" on "e_donation_mark" ("document_type", "document_id") where unmarked_at is null',
    },
  ],
  properties: {
    id: p.integer().primary(),
    documentType: p.string().length(30),
    documentId: p.integer(),
    keyedBy: () => p.manyToOne(User).ref().deleteRule('restrict'),
    keyedAt: p.datetime().onCreate(() => new Date()),
    unmarkedBy: () => p.manyToOne(User).ref().nullable().deleteRule('restrict'),
    unmarkedAt: p.datetime().nullable(),
    unmarkReason: p.string().length(500).nullable(),
  },
});
