import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { renderRoute } from '../../testing/render-route';
import { menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';

describe('back-office shell', () => {
  it('shows who is logged in: name, organisation by office type, and group with its code', async () => {
    renderRoute('/backoffice', { session: signedInStore() });
    const user = await screen.findByTestId('backoffice-user');
    expect(user.textContent).toContain('นางสาวสมหญิง ใจดี');
    // officeTypeCode 4 is a division.
    expect(user.textContent).toContain('ฝ่ายรับบริจาค');
    expect(user.textContent).toContain('เจ้าหน้าที่ (UG-S01)');
    expect(screen.getByText('ระบบบริหารจัดการการรับบริจาค')).toBeTruthy();
  });

  it('names the organisation in English after the switch; the group name is Thai-only data', async () => {
    await changeLanguage('en');
    renderRoute('/backoffice', { session: signedInStore() });
    const user = await screen.findByTestId('backoffice-user');
    expect(user.textContent).toContain('Donations Division · ');
    expect(user.textContent).not.toContain('ฝ่ายรับบริจาค');
    expect(user.textContent).toContain('เจ้าหน้าที่ (UG-S01)');
  });

  it('keeps the Thai organisation in English when the unit has no English name', async () => {
    await changeLanguage('en');
    renderRoute('/backoffice', {
      session: signedInStore(staffUser({ officeTypeCode: 2, departmentEn: null, organisationNameEn: null })),
    });
    const user = await screen.findByTestId('backoffice-user');
    expect(user.textContent).toContain('กรมพัฒนาสังคมและสวัสดิการ · ');
  });

  it('lists only the allowed menu entries, by section in the specification order, then logout', async () => {
    const menus = menusFor([
      'view-user',
      'change-password',
      'view-user-group',
      'report-1-1',
      'view-donate-things',
    ]);
    renderRoute('/backoffice', { session: signedInStore(staffUser({ menus })) });
    const nav = await screen.findByRole('navigation', { name: 'เมนูระบบ' });
    const sections = within(nav)
      .getAllByRole('button', { expanded: false })
      .map((button) => button.textContent);
    expect(sections).toEqual(['จัดการกลุ่มผู้ใช้งาน', 'รับบริจาค', 'รายงาน', 'จัดการผู้ใช้งาน', 'จัดการรหัสผ่าน']);

    for (const section of sections) fireEvent.click(within(nav).getByRole('button', { name: section ?? '' }));
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/backoffice/view-user-group',
      '/backoffice/view-donate-things',
      // The reports section leads with the in-product reports index (the user holds report 1.1).
      '/backoffice/reports',
      '/backoffice/view-user',
      '/backoffice/change-password',
      '/backoffice/logout',
    ]);
    // Reports open the external site, so they are buttons, not links.
    expect(within(nav).getByRole('button', { name: /รายงาน 1\.1/ })).toBeTruthy();
    expect(within(nav).queryByText('อนุมัติคำขอลงทะเบียนผู้ใช้งานใหม่')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'รายงานในระบบ (ทั้งหมด)' })).toBeTruthy();
  });

  it('offers the reports index only to holders of a report menu', async () => {
    // Catering-booking status sits in the reports section but is not a report.
    const menus = menusFor(['change-password', 'catering-booking-status']);
    renderRoute('/backoffice', { session: signedInStore(staffUser({ menus })) });
    const nav = await screen.findByRole('navigation', { name: 'เมนูระบบ' });
    fireEvent.click(within(nav).getByRole('button', { name: 'รายงาน' }));
    expect(within(nav).queryByRole('link', { name: 'รายงานในระบบ (ทั้งหมด)' })).toBeNull();
    expect(within(nav).getByRole('button', { name: /สถานะการจองเลี้ยงอาหาร/ })).toBeTruthy();
  });
});
