import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { LogoutMutation } from '../../platform/session/session.operations';
import { renderRoute } from '../../testing/render-route';
import { donorUser, signedInStore, staffUser } from '../../testing/session-fixtures';

const banner = () => screen.getByRole('banner');

/** The about page (no data of its own), once it is on screen. */
async function openAbout(options: Parameters<typeof renderRoute>[1] = {}) {
  const rendered = renderRoute('/about', options);
  await screen.findByRole('heading', { level: 1, name: /เกี่ยวกับน้ำใจ|About Namjai/ });
  return rendered;
}

describe('the public header', () => {
  it('offers sign-up and login to visitors', async () => {
    await openAbout();
    expect(within(banner()).getByRole('link', { name: 'เข้าสู่ระบบ' }).getAttribute('href')).toBe('/login');
    expect(within(banner()).getAllByRole('link', { name: 'สมัครสมาชิก' })[0].getAttribute('href')).toBe(
      '/signup',
    );
    expect(within(banner()).queryByRole('group', { name: 'บัญชีของท่าน' })).toBeNull();
  });

  it('shows a logged-in donor by name, with their history and logout instead of login', async () => {
    await openAbout({ session: signedInStore(donorUser()) });
    const account = await within(banner()).findByRole('group', { name: 'บัญชีของท่าน' });
    expect(within(account).getByText('ผู้บริจาค ทดลอง')).toBeTruthy();
    expect(within(account).getByRole('link', { name: 'ประวัติการบริจาค' }).getAttribute('href')).toBe(
      '/user/donation-history',
    );
    expect(within(account).getByRole('link', { name: 'ออกจากระบบ' }).getAttribute('href')).toBe(
      '/user/logout',
    );
    expect(within(banner()).queryByRole('link', { name: 'เข้าสู่ระบบ' })).toBeNull();
    expect(within(banner()).queryByRole('link', { name: 'สมัครสมาชิก' })).toBeNull();
  });

  it('speaks English after the switch', async () => {
    await changeLanguage('en');
    await openAbout({ session: signedInStore(donorUser()) });
    const account = await within(banner()).findByRole('group', { name: 'Your account' });
    expect(within(account).getByRole('link', { name: 'Donation history' })).toBeTruthy();
    expect(within(account).getByRole('link', { name: 'Log out' })).toBeTruthy();
  });

  it('shows "log in" again once the donor has logged out from it', async () => {
    const session = signedInStore(donorUser());
    const { router } = await openAbout({
      session,
      mocks: [{ request: { query: LogoutMutation }, result: { data: { logout: true } } }],
    });
    const account = await within(banner()).findByRole('group', { name: 'บัญชีของท่าน' });
    fireEvent.click(within(account).getByRole('link', { name: 'ออกจากระบบ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await within(banner()).findByRole('link', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect(within(banner()).queryByText('ผู้บริจาค ทดลอง')).toBeNull();
    expect(session.session).toBeNull();
  });

  it('leads logged-in staff to the back office', async () => {
    await openAbout({ session: signedInStore(staffUser()) });
    const account = await within(banner()).findByRole('group', { name: 'บัญชีของท่าน' });
    expect(within(account).getByText('นางสาวสมหญิง ใจดี')).toBeTruthy();
    expect(within(account).getByRole('link', { name: 'ระบบงานเจ้าหน้าที่' }).getAttribute('href')).toBe(
      '/backoffice',
    );
    expect(within(account).getByRole('link', { name: 'ออกจากระบบ' }).getAttribute('href')).toBe(
      '/backoffice/logout',
    );
  });
});
