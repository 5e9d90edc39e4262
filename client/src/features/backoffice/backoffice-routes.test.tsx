import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuCatalogue } from '../../platform/menu-catalogue';
import { LogoutMutation } from '../../platform/session/session.operations';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { OrganisationTreeQuery } from '../../ui/organisation/organisation.queries';
import { FEATURE_SCREENS } from './feature-screens';

const WELCOME = 'ยินดีต้อนรับ นางสาวสมหญิง ใจดี';

describe('back-office routes', () => {
  it('sends visitors who are not logged in from a feature route to the login', async () => {
    const { router } = renderRoute('/backoffice/view-user');
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/login');
  });

  it('keeps the guest pages open without login', async () => {
    const { router } = renderRoute('/backoffice/register', {
      mocks: [{ request: { query: OrganisationTreeQuery }, result: { data: { organisationTree: [] } } }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ลงทะเบียนผู้ใช้งานสำหรับเจ้าหน้าที่' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/register');
  });

  it('opens a feature route the server allows', async () => {
    // A screen still to come (the first listed that no feature offers yet; change-password has a
    // page of its own), so that this test does not change whenever a feature adds one.
    const later = menuCatalogue.find(
      (m) => m.route && !m.external && !FEATURE_SCREENS[m.key] && m.key !== 'change-password',
    );
    if (!later) return;
    const session = signedInStore(staffUser({ menus: menusFor([later.key]) }));
    const { router } = renderRoute(later.route as string, {
      session,
      mocks: [menuCheckMock(later.key, true)],
    });
    expect(await screen.findByRole('heading', { level: 1, name: later.nameTh })).toBeTruthy();
    expect(screen.getByText('หน้าจอนี้จะเปิดให้ใช้งานในระยะถัดไป')).toBeTruthy();
    expect(router.state.location.pathname).toBe(later.route);
    // The current menu travels with later calls (specification sec. 7).
    expect(window.localStorage.getItem('menuCode')).toBe(later.code);
  });

  it('quietly redirects to /backoffice when the menu check says no', async () => {
    const session = signedInStore();
    const { router } = renderRoute('/backoffice/approve-user', {
      session,
      mocks: [menuCheckMock('approve-user', false)],
    });
    expect(await screen.findByRole('heading', { level: 1, name: WELCOME })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(session.ending).toBeNull();
  });

  it('shows the sticky 401 toast when the check fails, and logs out when it is dismissed', async () => {
    const session = signedInStore();
    const { router } = renderRoute('/backoffice/approve-user', {
      session,
      mocks: [
        menuCheckMock('approve-user', new Error('network down')),
        { request: { query: LogoutMutation }, result: { data: { logout: true } } },
      ],
    });
    const toast = await screen.findByText('รหัสข้อผิดพลาด 401 หรือตรวจพบการเข้าสู่ระบบด้วยผู้ใช้เดียวกันมากกว่าหนึ่งอุปกรณ์');
    expect(router.state.location.pathname).toBe('/backoffice');
    const close = toast
      .closest('[data-scope="toast"][data-part="root"]')
      ?.querySelector('[data-part="close-trigger"]');
    if (!(close instanceof HTMLElement)) throw new Error('the 401 toast has no close button');
    close.click();

    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/login'));
    expect(session.session).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
  });

  it.each(['/backoffice/no-such-screen', '/backoffice/view-user/extra/parts'])(
    'sends a logged-in user from the unknown %s to / and so to /backoffice',
    async (path) => {
      const { router } = renderRoute(path, { session: signedInStore() });
      expect(await screen.findByRole('heading', { level: 1, name: WELCOME })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/backoffice');
    },
  );

  it('redirects a logged-in user from the login page and from / to the back office', async () => {
    const { router } = renderRoute('/', { session: signedInStore() });
    expect(await screen.findByRole('heading', { level: 1, name: WELCOME })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice');
  });
});
