import { describe, expect, it } from 'vitest';
import { donorUser, fakeJwt, staffUser } from '../../testing/session-fixtures';
import { SESSION_KEYS } from './session-storage';
import { SessionStore } from './session-store';

describe('session store', () => {
  it('stores a staff login as userData {userdata, token} and a donor login separately', () => {
    const store = new SessionStore();
    const token = fakeJwt(Date.now() + 60_000);
    store.signIn({ token, user: staffUser() });
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEYS.userData) ?? '')).toEqual({
      userdata: staffUser(),
      token,
    });
    expect(store.staff?.user.username).toBe('officer.demo');

    store.signIn({ token, user: donorUser() });
    expect(window.localStorage.getItem(SESSION_KEYS.userData)).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEYS.internetToken)).toBe(token);
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEYS.internetUserData) ?? '').userGroupCode).toBe(
      'UG-I01',
    );
    expect(store.staff).toBeNull();
    expect(store.donor?.user.kind).toBe('DONOR');
  });

  it('restores an unexpired session on reload and drops an expired one', () => {
    new SessionStore().signIn({ token: fakeJwt(Date.now() + 60_000), user: staffUser() });
    expect(new SessionStore().staff?.user.userId).toBe('7');

    new SessionStore().signIn({ token: fakeJwt(Date.now() - 1_000), user: staffUser() });
    const reloaded = new SessionStore();
    expect(reloaded.session).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEYS.userData)).toBeNull();
  });

  it('keeps the user on screen while ending but stops sending the token, first reason wins', () => {
    const store = new SessionStore();
    store.signIn({ token: fakeJwt(Date.now() + 60_000), user: staffUser() });
    store.setCurrentMenu({ code: 'MN-002', name: 'ดูข้อมูลผู้ใช้งาน' });

    expect(store.beginEnding({ type: 'auto', reason: 'duplicate' })).toBe(true);
    expect(store.beginEnding({ type: 'auto', reason: 'refresh' })).toBe(false);
    expect(store.ending).toEqual({ type: 'auto', reason: 'duplicate' });
    expect(store.session?.user.userId).toBe('7');
    expect(store.authToken()).toBeNull();
    for (const key of Object.values(SESSION_KEYS)) expect(window.localStorage.getItem(key), key).toBeNull();

    store.clear();
    expect(store.session).toBeNull();
    expect(store.ending).toBeNull();
  });
});
