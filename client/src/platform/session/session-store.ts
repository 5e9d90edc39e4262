import { tokenExpiresAt } from './jwt';
import {
  browserStorage,
  type KeyValueStorage,
  parseUser,
  parseUserData,
  readItem,
  SESSION_KEYS,
  writeItem,
} from './session-storage';
import type { ActiveSession, AuthResult, SessionEnding, SessionSnapshot } from './session-types';

type Listener = () => void;

export interface ReplacementWait {
  maxWaitMs?: number;
  pollMs?: number;
  whileIdle?: boolean;
}

export interface SessionStoreOptions {
  storage?: KeyValueStorage;
  now?: () => number;
}

/**
 * The one source of truth for who is logged in, shared by the Apollo links, the route guards, the
 * session timers and the components (through useSyncExternalStore). It mirrors itself into local
 * storage so other tabs and reloads see the same session.
 */
export class SessionStore {
  private readonly storage: KeyValueStorage;
  private readonly now: () => number;
  private readonly listeners = new Set<Listener>();
  private snapshot: SessionSnapshot;

  constructor({ storage = browserStorage(), now = Date.now }: SessionStoreOptions = {}) {
    this.storage = storage;
    this.now = now;
    this.snapshot = { session: this.readStoredSession(), ending: null };
    // An expired token left from an earlier visit cannot be refreshed: start logged out and clean.
    if (!this.snapshot.session) this.clearStorage();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  /** The active session, or null; a session that is ending is still returned for the shell to show. */
  get session(): ActiveSession | null {
    return this.snapshot.session;
  }

  get ending(): SessionEnding | null {
    return this.snapshot.ending;
  }

  /** A staff user who may use the back office right now (not ending). */
  get staff(): ActiveSession | null {
    const { session, ending } = this.snapshot;
    return session?.kind === 'staff' && !ending ? session : null;
  }

  /**
   * The donor, when the internet-user record is valid and the internet token unexpired
   * (specification sec. 2, /user/donation-history).
   */
  get donor(): ActiveSession | null {
    const { session, ending } = this.snapshot;
    if (session?.kind !== 'donor' || ending) return null;
    return session.expiresAt !== null && session.expiresAt > this.now() ? session : null;
  }

  /** The bearer for outgoing calls; none once the session is ending, so nothing more is done with it. */
  authToken(): string | null {
    return this.snapshot.ending ? null : (this.snapshot.session?.token ?? null);
  }

  /** Stores a login (or a refresh) result. One identity per browser: a staff login ends a donor's and vice versa. */
  signIn({ token, user }: AuthResult): void {
    const session = this.toSession(token, user);
    this.clearStorage();
    if (session.kind === 'staff') {
      writeItem(this.storage, SESSION_KEYS.userData, JSON.stringify({ userdata: user, token }));
    } else {
      writeItem(this.storage, SESSION_KEYS.internetUserData, JSON.stringify(user));
      writeItem(this.storage, SESSION_KEYS.internetToken, token);
    }
    this.setRefreshing(false);
    this.set({ session, ending: null });
  }

  /** Replaces the token and user after a refresh, unless the session ended meanwhile. */
  refreshed(result: AuthResult): void {
    const current = this.snapshot.session;
    if (!current || this.snapshot.ending || current.user.userId !== result.user.userId) return;
    if (current.kind === 'staff') {
      writeItem(
        this.storage,
        SESSION_KEYS.userData,
        JSON.stringify({ userdata: result.user, token: result.token }),
      );
    } else {
      writeItem(this.storage, SESSION_KEYS.internetUserData, JSON.stringify(result.user));
      writeItem(this.storage, SESSION_KEYS.internetToken, result.token);
    }
    this.set({ session: this.toSession(result.token, result.user), ending: null });
  }

  /**
   * Starts ending the session. Storage is cleared at once (a reload is logged out and the token is
   * no longer sent) while the user stays in memory so the shell remains behind the modal or toast.
   * The first reason wins: a duplicate login also makes the refresh fail, and the duplicate message
   * is the one that explains what happened.
   */
  beginEnding(ending: SessionEnding): boolean {
    if (!this.snapshot.session || this.snapshot.ending) return false;
    this.clearStorage();
    this.set({ session: this.snapshot.session, ending });
    return true;
  }

  /** Forgets the session entirely (after logout or after the user confirmed an automatic logout). */
  clear(): void {
    this.clearStorage();
    if (this.snapshot.session || this.snapshot.ending) this.set({ session: null, ending: null });
  }

  isRefreshing(): boolean {
    return readItem(this.storage, SESSION_KEYS.isRefreshingToken) === 'yes';
  }

  setRefreshing(refreshing: boolean): void {
    writeItem(this.storage, SESSION_KEYS.isRefreshingToken, refreshing ? 'yes' : 'no');
  }

  /** The back-office menu the user is on (specification sec. 7: sent with every call). */
  setCurrentMenu(menu: { code: string; name: string } | null): void {
    writeItem(this.storage, SESSION_KEYS.menuCode, menu?.code ?? null);
    writeItem(this.storage, SESSION_KEYS.menuName, menu?.name ?? null);
  }

  currentMenuCode(): string | null {
    return readItem(this.storage, SESSION_KEYS.menuCode);
  }

  /**
   * The token that replaced `sent`, for a call made with `sent` that the server refused as ended: a
   * refresh ends the token it replaces at once (docs/sign-in.md), so a call still in flight with the
   * old one, here or in another tab, is refused though the session lives on. Waits while a refresh is
   * under way (the shared flag), at most `maxWaitMs`; `whileIdle` waits that long even without the
   * flag (another tab's refresh that raced past it). Null when no other token came: the session has
   * really ended.
   */
  async replacementFor(
    sent: string,
    { maxWaitMs = 15_000, pollMs = 100, whileIdle = false }: ReplacementWait = {},
  ): Promise<string | null> {
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      this.syncFromStorage();
      const current = this.authToken();
      if (!current) return null;
      if (current !== sent) return current;
      if ((!whileIdle && !this.isRefreshing()) || Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /**
   * Follows logins, refreshes and logouts made in other tabs of the same browser. A token another
   * tab refreshed is picked up; a logout elsewhere ends this tab's session too.
   */
  syncFromStorage(): void {
    if (this.snapshot.ending) return;
    const stored = this.readStoredSession();
    const current = this.snapshot.session;
    if (stored?.token === current?.token && stored?.user.userId === current?.user.userId) return;
    this.set({ session: stored, ending: null });
  }

  private readStoredSession(): ActiveSession | null {
    const staff = parseUserData(readItem(this.storage, SESSION_KEYS.userData));
    if (staff) {
      const session = this.toSession(staff.token, staff.userdata);
      if (session.kind === 'staff' && this.unexpired(session)) return session;
    }
    const donorUser = parseUser(readItem(this.storage, SESSION_KEYS.internetUserData));
    const donorToken = readItem(this.storage, SESSION_KEYS.internetToken);
    if (donorUser && donorToken) {
      const session = this.toSession(donorToken, donorUser);
      if (session.kind === 'donor' && this.unexpired(session)) return session;
    }
    return null;
  }

  private unexpired(session: ActiveSession): boolean {
    return session.expiresAt === null || session.expiresAt > this.now();
  }

  private toSession(token: string, user: AuthResult['user']): ActiveSession {
    return { kind: user.kind === 'DONOR' ? 'donor' : 'staff', user, token, expiresAt: tokenExpiresAt(token) };
  }

  private clearStorage(): void {
    for (const key of Object.values(SESSION_KEYS)) writeItem(this.storage, key, null);
  }

  private set(snapshot: SessionSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
