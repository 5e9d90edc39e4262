import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, staffUser } from '../testing/session-fixtures';
import { apiErrorCode, apiErrorMessage } from './api-errors';
import { apiFetch } from './api-fetch';
import { SessionStore } from './session/session-store';

// REST calls for the session: the same headers as GraphQL calls, refusals readable by api-errors,
// session-ending 401s handled as the Apollo link handles them. fetch stands in for the server and
// answers as server/src/platform/http does (JSON { code, messageTh, messageEn }).

function loggedIn() {
  const store = new SessionStore();
  const token = fakeJwt(Date.now() + 60_000);
  store.signIn({ token, user: staffUser() });
  return { store, token };
}

function answering(status: number, body: unknown) {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, headers: new Headers(init.headers) });
      return new Response(status === 204 ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends the bearer token and the current menu code, keeping the caller’s headers', async () => {
    const { store, token } = loggedIn();
    store.setCurrentMenu({ code: 'MN-100', name: 'บันทึกโอนสิ่งของ' });
    const calls = answering(204, null);
    const response = await apiFetch(store, '/api/files/7', { method: 'DELETE', headers: { 'x-extra': '1' } });
    expect(response.status).toBe(204);
    expect(calls[0].url).toBe('/api/files/7');
    expect(calls[0].headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(calls[0].headers.get('x-menu-code')).toBe('MN-100');
    expect(calls[0].headers.get('x-extra')).toBe('1');
  });

  it('throws a refusal whose code and words the screens read like any other', async () => {
    const { store } = loggedIn();
    answering(413, {
      code: 'FILE_TOO_LARGE',
      messageTh: 'ไฟล์ "a.pdf" มีขนาดเกิน 2 MB',
      messageEn: 'too large',
    });
    const failure = await apiFetch(store, '/api/files/stock-transfer/1', { method: 'POST' }).catch((e) => e);
    expect(apiErrorCode(failure)).toBe('FILE_TOO_LARGE');
    expect(apiErrorMessage(failure, 'th')).toBe('ไฟล์ "a.pdf" มีขนาดเกิน 2 MB');
    expect(apiErrorMessage(failure, 'en')).toBe('too large');
    expect(store.ending).toBeNull();
  });

  it.each([
    ['DUPLICATE_LOGIN', { type: 'auto', reason: 'duplicate' }],
    ['SESSION_IDLE', { type: 'auto', reason: 'idle' }],
    ['SESSION_EXPIRED', { type: 'unauthorized' }],
  ])('ends the session on a 401 %s as GraphQL calls do', async (code, ending) => {
    const { store } = loggedIn();
    answering(401, { code, messageTh: 'th', messageEn: 'en' });
    await expect(apiFetch(store, '/api/files/7')).rejects.toThrow();
    expect(store.ending).toEqual(ending);
  });

  it('sends a call refused because another tab’s refresh replaced its token once more, with the new token', async () => {
    const { store, token } = loggedIn();
    const next = fakeJwt(Date.now() + 15 * 60_000, { jti: 'second' });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        const authorization = new Headers(init.headers).get('authorization') ?? '';
        calls.push(authorization);
        if (authorization === `Bearer ${token}`) {
          // Another tab's refresh is stored meanwhile (the storage event may not have come yet).
          window.localStorage.setItem('userData', JSON.stringify({ userdata: staffUser(), token: next }));
          return new Response(JSON.stringify({ code: 'SESSION_ENDED', messageTh: 'th', messageEn: 'en' }), {
            status: 401,
          });
        }
        return new Response('{}', { status: 200 });
      }),
    );
    const response = await apiFetch(store, '/api/my/thing', { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(calls).toEqual([`Bearer ${token}`, `Bearer ${next}`]);
    expect(store.ending).toBeNull();
  });
});
