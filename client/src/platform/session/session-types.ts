import type { LoggedInUserFieldsFragment } from '../../gql/graphql';

/** The logged-in user as the API returns it (specification sec. 3 "Logged-in user data"). */
export type LoggedInUser = LoggedInUserFieldsFragment;

export type MenuEntry = LoggedInUser['menus'][number];

/** What login, donor login and refresh return. */
export interface AuthResult {
  token: string;
  user: LoggedInUser;
}

/** Auto-logout modal types (specification sec. 4 "Session"). */
export type AutoLogoutReason = 'duplicate' | 'refresh' | 'idle' | 'transferred';

export interface ActiveSession {
  /** STAFF users get the back office; DONOR is group UG-I01 (internet user). */
  kind: 'staff' | 'donor';
  user: LoggedInUser;
  token: string;
  /** Epoch milliseconds from the token's `exp`; null when the token cannot be read. */
  expiresAt: number | null;
}

/**
 * How the current session is ending: an automatic logout explains itself in a modal; an unexplained
 * 401 shows the sticky error toast (specification sec. 8). Either way the user confirms first.
 */
export type SessionEnding = { type: 'auto'; reason: AutoLogoutReason } | { type: 'unauthorized' };

export interface SessionSnapshot {
  session: ActiveSession | null;
  ending: SessionEnding | null;
}
