import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';

describe('staff login page', () => {
  it.each(['/backoffice', '/backoffice/login'])('is the screen at %s', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' })).toBeTruthy();
    expect(screen.getByLabelText(/ชื่อผู้ใช้/)).toBeTruthy();
    expect(screen.getByLabelText(/รหัสผ่าน/)).toBeTruthy();
  });

  it('requires both fields before submitting', async () => {
    renderRoute('/backoffice/login');
    fireEvent.click(await screen.findByRole('button', { name: 'เข้าสู่ระบบ' }));

    expect(await screen.findByText('กรุณากรอกชื่อผู้ใช้')).toBeTruthy();
    expect(screen.getByText('กรุณากรอกรหัสผ่าน')).toBeTruthy();
    expect(screen.queryByText('ยังไม่เปิดให้เข้าสู่ระบบ')).toBeNull();
  });

  it('says that staff login is not available yet once the form is valid', async () => {
    renderRoute('/backoffice/login');
    fireEvent.change(await screen.findByLabelText(/ชื่อผู้ใช้/), { target: { value: 'Somchai.K' } });
    fireEvent.change(screen.getByLabelText(/รหัสผ่าน/), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('ระบบเข้าสู่ระบบสำหรับเจ้าหน้าที่ยังไม่เปิดให้บริการ');
    await waitFor(() => expect(screen.queryByText('กรุณากรอกชื่อผู้ใช้')).toBeNull());
  });
});
