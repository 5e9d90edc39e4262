import { IDLE_LIMIT_MS } from './session-constants';

declare global {
  interface Window {
    /** Test override of the idle limit in milliseconds (see resolveIdleLimitMs). */
    __NAMJAI_IDLE_MS__?: unknown;
  }
}

export const IDLE_OVERRIDE_STORAGE_KEY = 'namjaiIdleMs';

/**
 * The idle limit: 30 minutes, unless a test shortens it through `window.__NAMJAI_IDLE_MS__`
 * (checked first) or `localStorage.namjaiIdleMs`. An override may only shorten the limit: the
 * server ends idle sessions after 30 minutes anyway, and a longer client limit would only hide that
 * behind a 401 toast.
 */
export function resolveIdleLimitMs(win: Window | undefined = globalThis.window): number {
  if (!win) return IDLE_LIMIT_MS;
  const fromWindow = toLimit(win.__NAMJAI_IDLE_MS__);
  if (fromWindow !== null) return fromWindow;
  try {
    return toLimit(win.localStorage?.getItem(IDLE_OVERRIDE_STORAGE_KEY)) ?? IDLE_LIMIT_MS;
  } catch {
    return IDLE_LIMIT_MS;
  }
}

function toLimit(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return null;
  return Math.min(number, IDLE_LIMIT_MS);
}
