import { CombinedGraphQLErrors } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, staffUser } from '../../testing/session-fixtures';
import { resolveIdleLimitMs } from './idle-limit';
import { type SessionApi, SessionMonitor } from './session-monitor';
import { SessionStore } from './session-store';
import type { AuthResult, AutoLogoutReason } from './session-types';

const MINUTE = 60_000;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function setup({ tokenValidMs = 15 * MINUTE, idleLimitMs = 30 * MINUTE } = {}) {
  const store = new SessionStore();
  store.signIn({ token: fakeJwt(Date.now() + tokenValidMs), user: staffUser() });
  const api = {
    refresh: vi.fn<SessionApi['refresh']>(),
    check: vi.fn<SessionApi['check']>(async () => ({ xlock: null })),
  };
  const reasons: AutoLogoutReason[] = [];
  const target = new EventTarget();
  const monitor = new SessionMonitor({
    store,
    api,
    idleLimitMs,
    activityTarget: target,
    onAutoLogout: (reason) => {
      reasons.push(reason);
      store.beginEnding({ type: 'auto', reason });
    },
  });
  monitor.start();
  return { store, api, reasons, target, monitor };
}

function refreshed(validMs: number): AuthResult {
  return { token: fakeJwt(Date.now() + validMs), user: staffUser() };
}

describe('session monitor', () => {
  let monitor: SessionMonitor | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T09:00:00+07:00') });
  });
  afterEach(() => {
    monitor?.stop();
    vi.useRealTimers();
  });

  it('refreshes on the first 6-second check with under 2 minutes left, not before', async () => {
    // 2 min 10 s left: the checks at 6 s (2:04 left) keep the token, the one at 12 s (1:58 left) refreshes.
    const env = setup({ tokenValidMs: 2 * MINUTE + 10_000 });
    monitor = env.monitor;
    env.api.refresh.mockResolvedValue(refreshed(15 * MINUTE));

    await vi.advanceTimersByTimeAsync(6_000);
    expect(env.api.refresh).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(6_000);
    expect(env.api.refresh).toHaveBeenCalledTimes(1);
    expect(env.store.session?.expiresAt).toBeGreaterThan(Date.now() + 14 * MINUTE);
    expect(window.localStorage.getItem('isRefreshingToken')).toBe('no');

    // The new token has 15 minutes: no more refreshes for a while.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(env.api.refresh).toHaveBeenCalledTimes(1);
  });

  it('never runs two refreshes at once, and holds back while another tab has the flag', async () => {
    const env = setup({ tokenValidMs: MINUTE });
    monitor = env.monitor;
    const pending = deferred<AuthResult>();
    env.api.refresh.mockReturnValue(pending.promise);

    await vi.advanceTimersByTimeAsync(6_000);
    expect(env.api.refresh).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('isRefreshingToken')).toBe('yes');

    // A slow server: further checks see the refresh in flight and wait.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(env.api.refresh).toHaveBeenCalledTimes(1);

    pending.resolve(refreshed(MINUTE));
    await vi.advanceTimersByTimeAsync(0);
    expect(window.localStorage.getItem('isRefreshingToken')).toBe('no');

    // Another tab sets the shared yes/no flag: this tab does not refresh meanwhile.
    env.store.setRefreshing(true);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(env.api.refresh).toHaveBeenCalledTimes(1);
    env.store.setRefreshing(false);
    env.api.refresh.mockResolvedValue(refreshed(15 * MINUTE));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(env.api.refresh).toHaveBeenCalledTimes(2);
  });

  it('logs out with the refresh reason when the refresh fails', async () => {
    const env = setup({ tokenValidMs: MINUTE });
    monitor = env.monitor;
    env.api.refresh.mockRejectedValue(new Error('401'));

    await vi.advanceTimersByTimeAsync(6_000);
    expect(env.reasons).toEqual(['refresh']);
    expect(env.store.ending).toEqual({ type: 'auto', reason: 'refresh' });
    expect(window.localStorage.getItem('userData')).toBeNull();
  });

  it('ends on the server the session a refresh renewed after the person logged out', async () => {
    const env = setup({ tokenValidMs: MINUTE });
    monitor = env.monitor;
    const pending = deferred<AuthResult>();
    env.api.refresh.mockReturnValue(pending.promise);
    const end = vi.fn<NonNullable<SessionApi['end']>>(async () => {});
    Object.assign(env.api, { end });

    await vi.advanceTimersByTimeAsync(6_000);
    expect(env.api.refresh).toHaveBeenCalledTimes(1);
    // The logout went with the old token while the refresh was under way.
    env.store.clear();
    const late = refreshed(15 * MINUTE);
    pending.resolve(late);
    await vi.advanceTimersByTimeAsync(0);
    expect(end).toHaveBeenCalledWith(late.token);
    expect(env.store.session).toBeNull();
  });

  it('takes another tab’s new token when that tab’s refresh won the race, instead of logging out', async () => {
    const env = setup({ tokenValidMs: MINUTE });
    monitor = env.monitor;
    const other = refreshed(15 * MINUTE);
    env.api.refresh.mockImplementation(async () => {
      // The other tab stores its token a moment after the server refused this tab's refresh.
      setTimeout(() => {
        window.localStorage.setItem('userData', JSON.stringify({ userdata: other.user, token: other.token }));
      }, 500);
      throw new CombinedGraphQLErrors({
        data: null,
        errors: [{ message: 'ended', extensions: { code: 'SESSION_ENDED', status: 401 } }],
      });
    });

    await vi.advanceTimersByTimeAsync(6_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(env.reasons).toEqual([]);
    expect(env.store.session?.token).toBe(other.token);
    expect(env.store.ending).toBeNull();
  });

  it('logs out after the idle limit, and key, mouse or touch restart it', async () => {
    window.__NAMJAI_IDLE_MS__ = 10_000;
    const env = setup({ idleLimitMs: resolveIdleLimitMs() });
    delete window.__NAMJAI_IDLE_MS__;
    monitor = env.monitor;

    await vi.advanceTimersByTimeAsync(8_000);
    env.target.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(8_000);
    env.target.dispatchEvent(new Event('touchstart'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(env.reasons).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(env.reasons).toEqual(['idle']);
  });

  it('reports the xlock of the 30-second session check', async () => {
    const env = setup();
    monitor = env.monitor;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(env.api.check).toHaveBeenCalledTimes(1);
    expect(env.reasons).toEqual([]);

    env.api.check.mockResolvedValueOnce({ xlock: 'DUPLICATE' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(env.reasons).toEqual(['duplicate']);
    // The session is ending: no more checks.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(env.api.check).toHaveBeenCalledTimes(2);
  });

  it('marks a check as active only when there was input since the previous check', async () => {
    const env = setup();
    monitor = env.monitor;
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(10_000);
    env.target.dispatchEvent(new Event('mousemove'));
    await vi.advanceTimersByTimeAsync(20_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(env.api.check.mock.calls.map(([active]) => active)).toEqual([false, true, false]);
  });
});
