import type { AppError } from '../errors';

/** Who is calling, as established from a valid token and a live session. */
export interface Principal {
  userId: number;
  sessionId: string;
  kind: 'STAFF' | 'DONOR';
  username: string;
  groupCode: string;
  /** Active menu codes of the user's (active) group. */
  menuCodes: ReadonlySet<string>;
  /** The user's organisation unit and its materialised path: the data scope. Null for donors. */
  unitId: number | null;
  unitPath: string | null;
  /**
   * When the session's last activity was written (ms since the epoch), as this request knows it:
   * `touch` skips the write while it is recent and moves it on when it writes. Absent: always written.
   */
  sessionSeenAt?: number;
  /** The id of the token this request came with (the session's current one); null for older tokens. */
  tokenId?: string | null;
}

/** A request's authentication: a principal, or none (with why a presented token was refused). */
export type AuthState =
  | { principal: Principal; failure: null }
  | { principal: null; failure: AppError | null };

export const anonymous: AuthState = { principal: null, failure: null };

/** What a bearer token's signed claims name: its session, user and token id (no statement read). */
export interface SessionToken {
  sessionId: string;
  userId: number;
  tokenId: string | null;
}

/** The session read as a select a command's first statement can carry, and how its row is judged. */
export interface SessionRead {
  /** A select of one row (`?` placeholders) and its values. */
  readonly sql: string;
  readonly params: readonly unknown[];
  /** The principal of a live session from the row the select answered (none: null); no writes. */
  live(row: Record<string, unknown> | undefined): Principal | null;
}

/**
 * A GraphQL request's session not read yet, handed to a command that reads it in its own first
 * statement (docs/architecture.md, "The session read in a command's first round trip"): the
 * document kit's creates. Made by the access guard for a field that declares it (`foldsSession`),
 * in place of the session read and the field's access check, which the command then makes:
 * - `read` is the session read, for the command's opening statement, whose other parts use the
 *   user id of the token's signed claims (`userId`); what the command did is kept only if the
 *   row is a live session's (`read.live`) and `grants` holds;
 * - `grants` is the field's declared access for that principal, without side effects;
 * - `adopt` makes the principal the request's (the context's auth, its activity touched), once the
 *   command has run;
 * - `settle` is the ordinary way, for every other case: the session read by itself and the field's
 *   access enforced as for any field (a refusal worded and audited), and the request's auth set.
 */
export interface PendingSession {
  readonly userId: number;
  readonly read: SessionRead;
  grants(principal: Principal): boolean;
  adopt(principal: Principal): Promise<void>;
  settle(): Promise<Principal>;
}

/** Resolves the bearer token of a request into an AuthState; implemented by the identity feature. */
export interface Authenticator {
  authenticate(
    authorization: string | undefined,
    opts: { touch: boolean; ip: string | null },
  ): Promise<AuthState>;
  /** The session a bearer token names, from its signed claims only; null without a valid token. */
  pending(authorization: string | undefined): Promise<SessionToken | null>;
  /** The session read of a token, for a command's first statement (PendingSession). */
  sessionRead(token: SessionToken): SessionRead;
  /** Records that the session's person did something (resets the idle limit). */
  touch(principal: Principal): Promise<void>;
}

/** Calls that poll (session check, token refresh) are not activity unless the client says so. */
export const passiveOperations = new Set(['sessionCheck', 'refreshToken', 'me', 'pendingWorkCount']);
