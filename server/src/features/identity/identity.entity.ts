import { defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { User } from '../../kits/core/user.entity';

/** Why a session ended; DUPLICATE and TRANSFERD_USER are what the session check reports as xlock. */
export type SessionEndReason =
  | 'LOGOUT'
  | 'DUPLICATE'
  | 'IDLE'
  | 'EXPIRED'
  | 'PASSWORD_CHANGED'
  | 'DEACTIVATED'
  | 'TRANSFERD_USER';

export class UserSession {
  declare id: string;
  declare user: Ref<User>;
  declare createdAt: Date & Opt;
  declare lastSeenAt: Date;
  /** The absolute limit: no refresh extends a session past this. */
  declare expiresAt: Date;
  declare endedAt: Date | null;
  declare endReason: SessionEndReason | null;
  declare ip: string | null;
  declare userAgent: string | null;
  /**
   * The id (JWT `jti`) of the one token that opens this session now: a refresh replaces it, so the
   * token it replaced is refused. Null only for sessions opened before tokens carried an id.
   */
  declare tokenId: string | null;
}

/**
 * What became of a sign-in attempt (docs/sign-in.md). CHECKING: admitted, password not yet settled
 * (counted as a failure, so concurrent guesses and a crash mid-check count too); FAILED: unknown
 * username or wrong password; THROTTLED: refused without a password check; BOT_CHECK: the account
 * needed a bot check that was missing or failed; NOT_ACTIVE: right password, account not active.
 */
export type LoginOutcome = 'CHECKING' | 'SUCCESS' | 'FAILED' | 'THROTTLED' | 'BOT_CHECK' | 'NOT_ACTIVE';

export class LoginAttempt {
  declare id: number;
  declare username: string;
  declare user: Ref<User> | null;
  declare success: boolean;
  declare outcome: LoginOutcome;
  declare ip: string | null;
  declare at: Date & Opt;
}

/** Single-use tokens kept only as SHA-256 hashes: password reset, the external site hand-over. */
export class OneTimeToken {
  declare id: string;
  declare user: Ref<User>;
  declare purpose: 'PASSWORD_RESET' | 'EXTERNAL_SITE';
  declare tokenHash: string;
  declare payload: Record<string, unknown> | null;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare createdAt: Date & Opt;
}

export class TransferRequest {
  declare id: number;
  declare user: Ref<User>;
  declare fromUnit: Ref<OrganisationUnit> | null;
  declare toUnit: Ref<OrganisationUnit>;
  declare statusCode: string;
  declare reason: string | null;
  declare requestedAt: Date & Opt;
  declare decidedBy: Ref<User> | null;
  declare decidedAt: Date | null;
}

export const UserSessionSchema = defineEntity({
  class: UserSession,
  tableName: 'user_session',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    endReason: p.string().length(20).nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
    tokenId: p.uuid().nullable(),
  },
});

export const LoginAttemptSchema = defineEntity({
  class: LoginAttempt,
  tableName: 'login_attempt',
  indexes: [
    { name: 'login_attempt_username_at_index', properties: ['username', 'at'] },
    // Sign-in throttling counts failures only (login-throttle.ts): these stay small however many
    // refused attempts a robot piles up, so counting costs the same under attack.
    {
      name: 'login_attempt_failure_ip_at_index',
      expression: `create index "login_attempt_failure_ip_at_index" on "login_attempt" ("ip", "at") where outcome in ('FAILED', 'CHECKING')`,
    },
    {
      name: 'login_attempt_failure_username_at_index',
      expression: `create index "login_attempt_failure_username_at_index" on "login_attempt" ("username", "at") where outcome in ('FAILED', 'CHECKING')`,
    },
  ],
  properties: {
    id: p.bigint('number').primary(),
    username: p.string().length(100),
    user: () => p.manyToOne(User).ref().nullable().deleteRule('cascade'),
    success: p.boolean(),
    outcome: p.string().length(12),
    ip: p.string().length(64).nullable(),
    at: p.datetime().onCreate(() => new Date()),
  },
});

export const OneTimeTokenSchema = defineEntity({
  class: OneTimeToken,
  tableName: 'one_time_token',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade'),
    purpose: p.string().length(20),
    tokenHash: p.string().length(64).unique(),
    payload: p.json<Record<string, unknown>>().nullable(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const TransferRequestSchema = defineEntity({
  class: TransferRequest,
  tableName: 'user_transfer_request',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade').index(),
    fromUnit: () => p.manyToOne(OrganisationUnit).ref().nullable().deleteRule('restrict'),
    toUnit: () => p.manyToOne(OrganisationUnit).ref().deleteRule('restrict'),
    statusCode: p.string().length(1),
    reason: p.string().length(500).nullable(),
    requestedAt: p.datetime().onCreate(() => new Date()),
    decidedBy: () => p.manyToOne(User).ref().nullable().deleteRule('restrict'),
    decidedAt: p.datetime().nullable(),
  },
});

export const identityEntities = [
  UserSessionSchema,
  LoginAttemptSchema,
  OneTimeTokenSchema,
  TransferRequestSchema,
];
