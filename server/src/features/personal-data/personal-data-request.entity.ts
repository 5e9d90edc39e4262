import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { User } from '../../kits/core/user.entity';

// A donor's request about their personal data (PDPA, docs/public-site.md): today the deletion
// request a donor makes from their account, which staff complete by anonymising what the law does not
// require to keep, or reject with a reason. Statuses and actions: personal-data.workflow.ts; its
// history is the document history (PERSONAL_DATA_DELETION, the request's id).

export const PERSONAL_DATA_REQUEST_KINDS = ['DELETION'] as const;
export type PersonalDataRequestKind = (typeof PERSONAL_DATA_REQUEST_KINDS)[number];

export class PersonalDataRequest {
  declare id: number;
  /** The donor account that asked (kept, anonymised, after a completed deletion). */
  declare user: Ref<User>;
  declare kind: PersonalDataRequestKind;
  /** REQUESTED, COMPLETED, REJECTED. */
  declare status: string;
  /** What the donor wrote, if anything. */
  declare reason: string | null;
  declare requestedAt: Date & Opt;
  declare decidedBy: Ref<User> | null;
  declare decidedAt: Date | null;
  /** The staff member's note: the reason of a rejection, a remark on a completion. */
  declare decisionNote: string | null;
  /** What the anonymisation changed: rows per table and column group. */
  declare outcome: Record<string, number> | null;
}

export const PersonalDataRequestSchema = defineEntity({
  class: PersonalDataRequest,
  tableName: 'personal_data_request',
  indexes: [
    // One open request per account at a time.
    {
      name: 'personal_data_request_open_key',
      expression:
        'create unique index "personal_data_request_open_key" on "personal_data_request" ("user_id", "kind") where status = \'REQUESTED\'',
    },
  ],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('restrict').index(),
    kind: p.enum(PERSONAL_DATA_REQUEST_KINDS),
    status: p.string().length(20).index(),
    reason: p.string().length(1000).nullable(),
    requestedAt: p.datetime().onCreate(() => new Date()),
    decidedBy: () => p.manyToOne(User).ref().nullable().deleteRule('restrict'),
    decidedAt: p.datetime().nullable(),
    decisionNote: p.string().length(1000).nullable(),
    outcome: p.json<Record<string, number>>().nullable(),
  },
});
