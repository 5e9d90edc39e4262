import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import privacyNotice from '../../../../common/data/privacy-notice.json';
import { changeLanguage } from '../../platform/i18n';
import { dpoContact } from '../../platform/privacy-notice';
import { renderRoute } from '../../testing/render-route';

// /pdpa: the notice the consents refer to (its version is the server's), with purposes and their
// lawful bases, retention, rights and the data protection officer's contact, which a deployment sets.

afterEach(async () => {
  vi.unstubAllEnvs();
  await changeLanguage('th');
});

describe('the privacy notice (/pdpa)', () => {
  it('states its version, purposes with lawful bases, retention, rights and the DPO contact in Thai', async () => {
    renderRoute('/pdpa');
    await screen.findByRole('heading', { level: 1, name: 'การคุ้มครองข้อมูลส่วนบุคคล' });
    expect(screen.getByTestId('privacy-notice-version').textContent).toBe(
      `ประกาศความเป็นส่วนตัวฉบับ ${privacyNotice.version}`,
    );
    expect(screen.getByText(/ส่งข้อมูลการบริจาคให้กรมสรรพากร.*มาตรา 24\(6\)/)).toBeTruthy();
    expect(screen.getByText(/ฐานประโยชน์โดยชอบด้วยกฎหมาย มาตรา 24\(5\)/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'ระยะเวลาการเก็บข้อมูล' })).toBeTruthy();
    expect(screen.getByText(/ชื่อและเลขประจำตัวผู้เสียภาษีในใบเสร็จคงอยู่แม้ท่านขอลบข้อมูล/)).toBeTruthy();
    const dpo = screen.getByTestId('dpo-contact');
    expect(dpo.textContent).toContain(privacyNotice.dpo.nameTh);
    const mail = within(dpo).getByRole('link', { name: privacyNotice.dpo.email });
    expect(mail.getAttribute('href')).toBe(`mailto:${privacyNotice.dpo.email}`);
    expect(screen.getByRole('link', { name: 'ไปที่ข้อมูลส่วนบุคคลของฉัน' }).getAttribute('href')).toBe(
      '/user/donation-history?view=data',
    );
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    renderRoute('/pdpa');
    await screen.findByRole('heading', { level: 1, name: 'Personal data protection' });
    expect(screen.getByText(/legitimate interest, section 24\(5\)/)).toBeTruthy();
    expect(screen.getByTestId('dpo-contact').textContent).toContain(privacyNotice.dpo.nameEn);
  });

  it('shows the contact a deployment configures at build time', async () => {
    expect(dpoContact({ VITE_DPO_EMAIL: '  ', VITE_DPO_PHONE: '02 123 4567' })).toMatchObject({
      email: privacyNotice.dpo.email,
      phone: '02 123 4567',
      nameTh: privacyNotice.dpo.nameTh,
    });
    vi.stubEnv('VITE_DPO_EMAIL', 'privacy@example.go.th');
    vi.stubEnv('VITE_DPO_PHONE', '02 123 4567');
    renderRoute('/pdpa');
    const contact = await screen.findByTestId('dpo-contact');
    expect(within(contact).getByRole('link', { name: '02 123 4567' }).getAttribute('href')).toBe(
      'tel:021234567',
    );
    expect(within(contact).getByRole('link', { name: 'privacy@example.go.th' })).toBeTruthy();
  });
});
