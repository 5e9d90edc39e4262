import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { User } from '../../kits/core/user.entity';
import type { ReferenceRow } from '../../kits/reference/reference-kit';
import { donator } from '../reference';

// A donor account's links to donator records (docs/public-site.md, "The donor's own history"): the
// account sees a donator's donations and receipts once it proved it holds the e-mail on that
// donator's record. A link holds only while the donator's e-mail on record is still the one that was
// verified: when staff correct a donator's e-mail, links made through the old one lapse.

/** How the e-mail was proved: it is the account's own (activated) e-mail, or a code sent to it was typed. */
export const DONOR_LINK_METHODS = ['EMAIL_MATCH', 'EMAIL_CODE'] as const;
export type DonorLinkMethod = (typeof DONOR_LINK_METHODS)[number];

export class DonorLink {
  declare id: number;
  declare user: Ref<User>;
  declare donator: Ref<ReferenceRow>;
  /** The donator's e-mail on record when the link was verified (lower case). */
  declare verifiedEmail: string;
  declare method: DonorLinkMethod;
  declare linkedAt: Date & Opt;
}

export const DonorLinkSchema = defineEntity({
  class: DonorLink,
  tableName: 'donor_link',
  uniques: [{ name: 'donor_link_user_donator_key', properties: ['user', 'donator'] }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade').index(),
    donator: () => p.manyToOne(donator.entity).ref().deleteRule('cascade').index(),
    verifiedEmail: p.string().length(254),
    method: p.enum(DONOR_LINK_METHODS),
    linkedAt: p.datetime().onCreate(() => new Date()),
  },
});

/**
 * A one-time code mailed to a donator's e-mail on record for an account that asked to link it: only
 * its hash is kept; it expires, and a few wrong tries end it.
 */
export class DonorLinkCode {
  declare id: number;
  declare user: Ref<User>;
  declare donator: Ref<ReferenceRow>;
  /** Where the code went: the donator's e-mail on record then (lower case). */
  declare sentTo: string;
  declare codeHash: string;
  declare expiresAt: Date;
  declare attempts: number & Opt;
  declare usedAt: Date | null;
  declare createdAt: Date & Opt;
}

export const DonorLinkCodeSchema = defineEntity({
  class: DonorLinkCode,
  tableName: 'donor_link_code',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade').index(),
    donator: () => p.manyToOne(donator.entity).ref().deleteRule('cascade').index(),
    sentTo: p.string().length(254),
    codeHash: p.string().length(64),
    expiresAt: p.datetime(),
    attempts: p.smallint().default(0),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const donorAccountEntities = [DonorLinkSchema, DonorLinkCodeSchema];
