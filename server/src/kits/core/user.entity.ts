import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { OrganisationUnit } from './organisation.entity';
import { UserGroup } from './user-group.entity';

/**
 * product-decisions sec. 2: N registered, A active, I inactive (by an administrator), L locked. L was
 * set by the per-account lockout, which sign-in throttling replaced (docs/sign-in.md): nothing sets it
 * now, the migration that removed the lockout reopened such accounts, and login still opens one (set
 * by a server of the earlier release during an upgrade) on the right password.
 */
export const UserStatus = { New: 'N', Active: 'A', Inactive: 'I', Locked: 'L' } as const;
/**
 * Registration or transfer request: P pending, A approved, R rejected (with a reason); a transfer
 * request its maker withdrew is C cancelled. The workflows are in user-requests.workflow.ts.
 */
export const RequestStatus = { Pending: 'P', Approved: 'A', Rejected: 'R', Cancelled: 'C' } as const;
export type UserKind = 'STAFF' | 'DONOR';
/** A donor account's consents: consent_record (USER, the user's id). */
export const DONOR_ACCOUNT_CONSENT_SUBJECT = 'USER';

export class User {
  declare id: number;
  declare kind: UserKind;
  /** Always lower case (login lower-cases what is typed). */
  declare username: string;
  declare email: string;
  declare passwordHash: string;
  declare titleTh: string | null;
  declare firstNameTh: string;
  declare lastNameTh: string;
  declare firstNameEn: string | null;
  declare lastNameEn: string | null;
  declare citizenId: string | null;
  declare phone: string | null;
  declare position: string | null;
  declare organisationUnit: Ref<OrganisationUnit> | null;
  declare userGroup: Ref<UserGroup>;
  declare userStatusCode: string;
  declare requestStatusCode: string;
  declare rejectReason: string | null;
  declare activationCodeHash: string | null;
  declare activationExpiresAt: Date | null;
  declare passwordChangedAt: Date & Opt;
  declare lastLoginAt: Date | null;
  declare approvedBy: Ref<User> | null;
  declare approvedAt: Date | null;
  declare createdAt: Date & Opt;
  declare updatedAt: Date & Opt;
}

export const UserSchema = defineEntity({
  class: User,
  tableName: 'app_user',
  properties: {
    id: p.integer().primary(),
    kind: p.string().length(10),
    username: p.string().length(100).unique(),
    email: p.string().length(255).index(),
    passwordHash: p.string().length(255).lazy(),
    titleTh: p.string().length(50).nullable(),
    firstNameTh: p.string().length(100),
    lastNameTh: p.string().length(100),
    firstNameEn: p.string().length(100).nullable(),
    lastNameEn: p.string().length(100).nullable(),
    citizenId: p.string().length(13).nullable().index(),
    phone: p.string().length(50).nullable(),
    position: p.string().length(255).nullable(),
    organisationUnit: () => p.manyToOne(OrganisationUnit).ref().nullable().deleteRule('restrict').index(),
    userGroup: () => p.manyToOne(UserGroup).ref().deleteRule('restrict').index(),
    userStatusCode: p.string().length(1),
    requestStatusCode: p.string().length(1),
    rejectReason: p.string().length(500).nullable(),
    activationCodeHash: p.string().length(128).nullable(),
    activationExpiresAt: p.datetime().nullable(),
    passwordChangedAt: p.datetime().onCreate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
    approvedBy: () => p.manyToOne(User).ref().nullable().deleteRule('restrict'),
    approvedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
