import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { ActivateAccountMutation } from './auth.operations';

const activated = (xcode: string) => ({
  request: { query: ActivateAccountMutation, variables: { xcode } },
  result: { data: { activateAccount: true } },
});

describe('account activation (/activate)', () => {
  it('activates a donor’s account and leads on to the donor login', async () => {
    renderRoute('/activate?xcode=donor-code&account=donor', { mocks: [activated('donor-code')] });
    expect(await screen.findByText('เปิดใช้งานบัญชีเรียบร้อยแล้ว')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'ไปหน้าเข้าสู่ระบบผู้บริจาค' });
    expect(link.getAttribute('href')).toBe('/login');
  });

  it('leads staff on to the staff login', async () => {
    renderRoute('/activate?xcode=staff-code', { mocks: [activated('staff-code')] });
    const link = await screen.findByRole('link', { name: 'ไปหน้าเข้าสู่ระบบ' });
    expect(link.getAttribute('href')).toBe('/backoffice/login');
  });
});
