import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_OVERRIDE_STORAGE_KEY, resolveIdleLimitMs } from './idle-limit';
import { IDLE_LIMIT_MS } from './session-constants';

describe('idle limit', () => {
  afterEach(() => {
    delete window.__NAMJAI_IDLE_MS__;
  });

  it('is 30 minutes unless a test shortens it, the window global before local storage', () => {
    expect(resolveIdleLimitMs()).toBe(IDLE_LIMIT_MS);
    window.localStorage.setItem(IDLE_OVERRIDE_STORAGE_KEY, '5000');
    expect(resolveIdleLimitMs()).toBe(5000);
    window.__NAMJAI_IDLE_MS__ = 2000;
    expect(resolveIdleLimitMs()).toBe(2000);
  });

  it('ignores nonsense and never lengthens the limit', () => {
    window.localStorage.setItem(IDLE_OVERRIDE_STORAGE_KEY, 'soon');
    expect(resolveIdleLimitMs()).toBe(IDLE_LIMIT_MS);
    window.__NAMJAI_IDLE_MS__ = -1;
    expect(resolveIdleLimitMs()).toBe(IDLE_LIMIT_MS);
    window.__NAMJAI_IDLE_MS__ = 10 * IDLE_LIMIT_MS;
    expect(resolveIdleLimitMs()).toBe(IDLE_LIMIT_MS);
  });
});
