import { ActivityTracker } from './activity-tracker';
import {
  REFRESH_BEFORE_EXPIRY_MS,
  REFRESH_CHECK_INTERVAL_MS,
  SESSION_CHECK_INTERVAL_MS,
} from './session-constants';
import type { SessionStore } from './session-store';
import type { AuthResult, AutoLogoutReason } from './session-types';

/** The calls the monitor makes; `userActive` becomes the x-user-active header. */
export interface SessionApi {
  refresh(userActive: boolean): Promise<AuthResult>;
  check(userActive: boolean): Promise<{ xlock: string | null }>;
  /** Ends the server session a token opens (a refresh that finished after the person logged out). */
  end?(token: string): Promise<void>;
}

export interface SessionMonitorOptions {
  store: SessionStore;
  api: SessionApi;
  idleLimitMs: number;
  onAutoLogout: (reason: AutoLogoutReason) => void;
  /** Where key, mouse and touch events are heard; the window in the app. */
  activityTarget: EventTarget;
  now?: () => number;
}

/**
 * The session rules of specification sec. 4 and 9 while someone is logged in: token refresh check
 * every 6 s (refresh under 2 minutes before expiry, never two at once), session check every 30 s
 * and logout after the idle limit.
 */
export class SessionMonitor {
  private readonly store: SessionStore;
  private readonly api: SessionApi;
  private readonly idleLimitMs: number;
  private readonly onAutoLogout: (reason: AutoLogoutReason) => void;
  private readonly now: () => number;
  private readonly activity: ActivityTracker;
  private timers: ReturnType<typeof setInterval>[] = [];
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private startedAt = 0;
  private lastRefreshCallAt = 0;
  private lastCheckCallAt = 0;
  private refreshInFlight = false;
  private running = false;

  constructor(options: SessionMonitorOptions) {
    this.store = options.store;
    this.api = options.api;
    this.idleLimitMs = options.idleLimitMs;
    this.onAutoLogout = options.onAutoLogout;
    this.now = options.now ?? Date.now;
    this.activity = new ActivityTracker(options.activityTarget, this.now);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = this.now();
    this.lastRefreshCallAt = this.startedAt;
    this.lastCheckCallAt = this.startedAt;
    // A page load cannot have a refresh of its own in flight; a "yes" left by a tab that closed
    // mid-refresh would otherwise block every refresh until the token expired.
    this.store.setRefreshing(false);
    this.activity.start();
    this.timers = [
      setInterval(() => void this.refreshCheck(), REFRESH_CHECK_INTERVAL_MS),
      setInterval(() => void this.sessionCheck(), SESSION_CHECK_INTERVAL_MS),
    ];
    this.scheduleIdleCheck(this.idleLimitMs);
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.activity.stop();
  }

  /** Runs one refresh check now; the interval calls it every 6 s. */
  async refreshCheck(): Promise<void> {
    const session = this.store.session;
    if (!this.running || !session || this.store.ending || session.expiresAt === null) return;
    if (session.expiresAt - this.now() >= REFRESH_BEFORE_EXPIRY_MS) return;
    // The flag is shared through local storage, so another tab's refresh also holds this one back;
    // that tab's new token then arrives through the storage event.
    if (this.refreshInFlight || this.store.isRefreshing()) return;
    this.refreshInFlight = true;
    this.store.setRefreshing(true);
    const userActive = this.activity.activeSince(this.lastRefreshCallAt);
    this.lastRefreshCallAt = this.now();
    const sent = session.token;
    try {
      const result = await this.api.refresh(userActive);
      const now = this.store.session;
      if (!now || this.store.ending || now.user.userId !== result.user.userId) {
        // Logged out (or ending) while the refresh was under way: the logout went with the token this
        // refresh replaced, which the server no longer takes, so the session lives on under the new
        // one. End it with that.
        await this.api.end?.(result.token);
      } else {
        this.store.refreshed(result);
      }
    } catch (error) {
      // Another tab may have refreshed first (the flag is not a lock): the server then refuses this
      // tab's token as replaced, and that tab's new token, arriving through storage, is ours too.
      const replaced =
        refusedAsEnded(error) &&
        (await this.store.replacementFor(sent, { maxWaitMs: 3_000, whileIdle: true })) !== null;
      if (this.running && !replaced) this.onAutoLogout('refresh');
    } finally {
      this.refreshInFlight = false;
      if (!this.store.ending) this.store.setRefreshing(false);
    }
  }

  /** Runs one session check now; the interval calls it every 30 s. */
  async sessionCheck(): Promise<void> {
    if (!this.running || !this.store.session || this.store.ending) return;
    const userActive = this.activity.activeSince(this.lastCheckCallAt);
    this.lastCheckCallAt = this.now();
    try {
      const { xlock } = await this.api.check(userActive);
      if (!this.running) return;
      if (xlock === 'DUPLICATE') this.onAutoLogout('duplicate');
      else if (xlock === 'TRANSFERD_USER') this.onAutoLogout('transferred');
    } catch {
      // 401s are turned into the modal or toast by the session link; a network failure is simply
      // retried at the next check.
    }
  }

  // One timer for the whole idle period, re-armed for the remainder when there was activity, so a
  // moving mouse does not clear and set a timer on every event.
  private scheduleIdleCheck(delay: number): void {
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.running) return;
      const lastActive = Math.max(this.startedAt, this.activity.last ?? 0);
      const remaining = lastActive + this.idleLimitMs - this.now();
      if (remaining > 0) this.scheduleIdleCheck(remaining);
      else this.onAutoLogout('idle');
    }, delay);
  }
}

/**
 * The server refused the call as SESSION_ENDED (as it refuses a token a refresh replaced). Read from
 * the GraphQL errors' shape, not Apollo's classes: the monitor loads with the first page, Apollo later.
 */
function refusedAsEnded(error: unknown): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some(
      (e) => (e as { extensions?: { code?: unknown } } | null)?.extensions?.code === 'SESSION_ENDED',
    )
  );
}
