import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { donorUser, fakeJwt, signedInStore } from '../../testing/session-fixtures';
import { SessionCheckQuery } from './session.operations';

const sessionCheck = (xlock: string | null) => ({
  request: { query: SessionCheckQuery },
  result: { data: { sessionCheck: { __typename: 'SessionCheck', xlock, expiresAt: null } } },
});

describe('session guardian', () => {
  // Only the intervals are faked: Apollo's mocks and React still run on real timers and promises.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the duplicate-login modal when the session check returns xlock DUPLICATE', async () => {
    const session = signedInStore();
    const { router } = renderRoute('/backoffice', { session, mocks: [sessionCheck('DUPLICATE')] });
    await screen.findByRole('heading', { level: 1, name: 'ยินดีต้อนรับ นางสาวสมหญิง ใจดี' });

    vi.advanceTimersByTime(30_000);

    const dialog = await screen.findByRole('alertdialog', { name: 'ออกจากระบบอัตโนมัติ' });
    expect(dialog.textContent).toContain('มีการเข้าสู่ระบบด้วยชื่อผู้ใช้นี้จากที่อื่น');
    expect(window.localStorage.getItem('userData')).toBeNull();

    within(dialog).getByRole('button', { name: 'ตกลง' }).click();
    // In the dev profile there is no external site: logout stays in the app.
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/login'));
    expect(session.session).toBeNull();
  });

  it('shows the transferred modal for xlock TRANSFERD_USER', async () => {
    renderRoute('/backoffice', { session: signedInStore(), mocks: [sessionCheck('TRANSFERD_USER')] });
    await screen.findByRole('heading', { level: 1, name: 'ยินดีต้อนรับ นางสาวสมหญิง ใจดี' });
    vi.advanceTimersByTime(30_000);
    const dialog = await screen.findByRole('alertdialog', { name: 'ออกจากระบบอัตโนมัติ' });
    expect(dialog.textContent).toContain('ผู้ใช้งานถูกโอนย้ายไปยังหน่วยงานอื่น กรุณาติดต่อผู้ดูแลระบบ');
  });
});

describe('donation history guard', () => {
  it('lets a donor with an unexpired internet token in', async () => {
    renderRoute('/user/donation-history', { session: signedInStore(donorUser()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'ประวัติการบริจาค' })).toBeTruthy();
  });

  it('clears the internet tokens and sends everyone else to /login', async () => {
    window.localStorage.setItem('internetUserData', JSON.stringify(donorUser()));
    window.localStorage.setItem('internetToken', fakeJwt(Date.now() - 1_000));
    const { router } = renderRoute('/user/donation-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับผู้บริจาค' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('internetToken')).toBeNull();
  });
});
