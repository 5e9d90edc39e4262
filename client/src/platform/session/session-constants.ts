// Session constants of specification sec. 9.

/** How often the client checks whether the token needs refreshing. */
export const REFRESH_CHECK_INTERVAL_MS = 6_000;

/** The token is refreshed once less than this remains before it expires. */
export const REFRESH_BEFORE_EXPIRY_MS = 2 * 60_000;

/** How often the session check (xlock) runs. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;

/** Logged out after this long without a key, mouse or touch event. */
export const IDLE_LIMIT_MS = 30 * 60_000;

/** Sent on the session check and refresh only when the person did something since the last such call. */
export const USER_ACTIVE_HEADER = 'x-user-active';
