import type { LoggedInUser } from './session-types';

/**
 * Local storage keys. The first four are the specification's (sec. 3): userData holds
 * `{ userdata, token }` of the staff user, with menuCode, menuName and the yes/no isRefreshingToken
 * flag beside it. Internet users (donors) are stored separately under their own two keys.
 */
export const SESSION_KEYS = {
  userData: 'userData',
  menuCode: 'menuCode',
  menuName: 'menuName',
  isRefreshingToken: 'isRefreshingToken',
  internetUserData: 'internetUserData',
  internetToken: 'internetToken',
} as const;

export interface StoredUserData {
  userdata: LoggedInUser;
  token: string;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage may be missing or throw (private mode, blocked site data); the session then lives in memory. */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // fall through to memory
  }
  return memoryStorage();
}

export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export function readItem(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(storage: KeyValueStorage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Quota or privacy settings: the in-memory session still works for this page.
  }
}

/** Parses the stored user, rejecting anything that is not the shape this build writes. */
export function parseUser(text: string | null): LoggedInUser | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return isLoggedInUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function parseUserData(text: string | null): StoredUserData | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredUserData> | null;
    if (!value || typeof value.token !== 'string' || !isLoggedInUser(value.userdata)) return null;
    return { userdata: value.userdata, token: value.token };
  } catch {
    return null;
  }
}

function isLoggedInUser(value: unknown): value is LoggedInUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.userId === 'string' &&
    (user.kind === 'STAFF' || user.kind === 'DONOR') &&
    typeof user.userGroupCode === 'string' &&
    typeof user.firstNameTh === 'string' &&
    Array.isArray(user.menus)
  );
}
