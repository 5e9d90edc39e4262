import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './testing/render-route';

// Every public route of specification sec. 2 renders its page, with its own heading, in the public layout.
const PUBLIC_PAGES: ReadonlyArray<[path: string, heading: string]> = [
  ['/donate-money-by-bank-transfer', 'บริจาคเงินผ่านการโอนเงิน'],
  ['/login', 'เข้าสู่ระบบสำหรับผู้บริจาค'],
  ['/forgot-password', 'ลืมรหัสผ่าน'],
  ['/reqs-receipt-donation-resource', 'ขอใบรับบริจาคสิ่งของ'],
  ['/reqs-receipt-donation-money', 'ขอใบเสร็จรับเงินบริจาค'],
  ['/reqs-receipt-status', 'ตรวจสอบสถานะคำขอหลักฐานการบริจาค'],
  ['/short-supply', 'รายการสิ่งของที่ขาดแคลน'],
  ['/near-me', 'จุดรับบริจาคใกล้ฉัน'],
  ['/pdpa', 'การคุ้มครองข้อมูลส่วนบุคคล'],
  ['/about', 'เกี่ยวกับน้ำใจ'],
];

describe('public routes', () => {
  it.each(PUBLIC_PAGES)('%s shows "%s" with the site header and footer', async (_path, heading) => {
    renderRoute(_path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('น้ำใจ Namjai');
    expect(screen.getByRole('link', { name: 'เข้าสู่ระบบ' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('contentinfo').textContent).toContain('กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์');
    expect(screen.queryByText('ไม่พบหน้าที่คุณต้องการ')).toBeNull();
  });

  it('folds the navigation behind a menu button and marks the current page', async () => {
    renderRoute('/short-supply');
    await screen.findByRole('heading', { level: 1, name: 'รายการสิ่งของที่ขาดแคลน' });
    // jsdom applies no media queries, so this is the phone layout: the menu starts closed.
    expect(screen.queryByRole('navigation', { name: 'เมนูหลัก' })).toBeNull();

    const menuButton = screen.getByRole('button', { name: 'เปิดเมนู' });
    fireEvent.click(menuButton);

    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'เมนูหลัก' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'สิ่งของที่ขาดแคลน' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'หน้าหลัก' }).getAttribute('aria-current')).toBeNull();
  });
});
