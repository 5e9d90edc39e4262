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

/** Resolves the bearer token of a request into an AuthState; implemented by the identity feature. */
export interface Authenticator {
  authenticate(
    authorization: string | undefined,
    opts: { touch: boolean; ip: string | null },
  ): Promise<AuthState>;
  /** Records that the session's person did something (resets the idle limit). */
  touch(principal: Principal): Promise<void>;
}

/** Calls that poll (session check, token refresh) are not activity unless the client says so. */
export const passiveOperations = new Set(['sessionCheck', 'refreshToken', 'me', 'pendingWorkCount']);
