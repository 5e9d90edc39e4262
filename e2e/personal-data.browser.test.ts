import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, type SharedServer, serverSql, sharedMailbox, sharedServer } from './shared';
import { downloadOf, openAs, screenshot } from './ui';

// The donor's personal data (PDPA, docs/public-site.md): a donor of this file signs up (through the
// API, as the sign-up form does; the form itself is the donor journey's), activates from the mailed
// code, then on the public site downloads their data (a JSON file holding their e-mail) and asks for
// deletion. The administrator, who holds edit-donator (MN-020), completes the request in the
// deletion requests section: the case no longer names them, and the donor can no longer log in.

const ADMIN = 'admin.demo';
const DONOR = {
  email: 'pdpa.e2e@example.com',
  password: 'Pdpa-delete-2569-e2e',
  firstName: 'พิมพ์ใจ',
  lastName: 'ศรีพีดีพีเอ',
};

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
  await server.graphql('mutation ($input: DonorRegisterInput!) { registerDonor(input: $input) }', {
    input: {
      email: DONOR.email,
      password: DONOR.password,
      firstNameTh: DONOR.firstName,
      lastNameTh: DONOR.lastName,
      pdpaConsent: true,
    },
  });
  const [activation] = await sharedMailbox().waitFor(DONOR.email);
  const xcode = /[?&]xcode=([^&\s]+)/.exec(activation?.text ?? '')?.[1];
  if (!xcode) throw new Error(`no activation code in: ${activation?.text}`);
  await server.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', {
    x: decodeURIComponent(xcode),
  });
});

afterAll(async () => {
  await browser?.close();
});

/** The donor logs in on the public site; resolves with the page (at their history) or the refusal. */
async function donorLogin(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel(/^อีเมล/).fill(DONOR.email);
  await page.getByLabel(/^รหัสผ่าน/).fill(DONOR.password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
}

describe('personal data', () => {
  it('the donor downloads their data and asks for deletion; the administrator completes it; the donor can no longer log in', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
    });
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await donorLogin(page);
      await page.getByRole('heading', { level: 1, name: 'ประวัติการบริจาค' }).waitFor();
      await page.getByRole('tab', { name: 'ข้อมูลส่วนบุคคลของฉัน' }).click();
      const account = page.getByTestId('personal-data-account');
      await account.getByText(DONOR.email).waitFor();
      const file = await downloadOf(page, () => page.getByTestId('personal-data-download').click());
      expect(file.name).toMatch(/\.json$/);
      const data = JSON.parse(file.bytes.toString('utf8')) as Record<string, unknown>;
      expect(JSON.stringify(data)).toContain(DONOR.email);
      expect(JSON.stringify(data)).toContain(DONOR.lastName);

      await page.getByRole('textbox', { name: 'เหตุผล (ไม่บังคับ)' }).fill('ไม่ประสงค์ใช้บริการแล้ว');
      await page.getByTestId('personal-data-request-deletion').click();
      await page
        .getByRole('alertdialog')
        .or(page.getByRole('dialog'))
        .getByRole('button', { name: 'ยื่นคำขอลบข้อมูล', exact: true })
        .click();
      await page.getByText(/^คำขอลบข้อมูลเมื่อ .+: /).waitFor();
      await screenshot(page, 'personal-data-donor');
    } finally {
      await context.close();
    }

    const staff = await openAs(browser, server.url, ADMIN, '/backoffice/edit-donator');
    try {
      const section = staff.page.getByTestId('deletion-requests');
      const card = section.getByRole('listitem').filter({ hasText: DONOR.email });
      await card.waitFor();
      expect(await card.textContent()).toContain(`${DONOR.firstName} ${DONOR.lastName}`);
      await card.getByRole('button', { name: 'ลบข้อมูลที่ระบุตัวตน', exact: true }).click();
      await staff.page
        .getByRole('alertdialog')
        .or(staff.page.getByRole('dialog'))
        .getByRole('button', { name: 'ลบข้อมูลที่ระบุตัวตน', exact: true })
        .click();
      // Done, it leaves the open requests.
      await card.waitFor({ state: 'detached' });
      // The open requests no longer hold it; all of them show it anonymised: no e-mail, no name.
      await section.getByRole('combobox').selectOption('');
      await expect.poll(() => section.textContent()).toContain('ผู้ใช้ที่ลบข้อมูลแล้ว');
      expect(await section.textContent()).not.toContain(DONOR.email);
      expect(await section.textContent()).not.toContain(DONOR.lastName);
      await screenshot(staff.page, 'personal-data-staff');
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.close();
    }
    const [{ count }] = await serverSql<{ count: number }>(
      'select count(*)::int as count from app_user where email = $1',
      [DONOR.email],
    );
    expect(count).toBe(0);

    // The donor's password no longer opens anything.
    const again = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    try {
      const page = await again.newPage();
      await donorLogin(page);
      await page
        .getByRole('alert')
        .filter({ hasText: /ไม่ถูกต้อง|ไม่สามารถ|ไม่พบ/ })
        .first()
        .waitFor();
      expect(page.url()).toContain('/login');
    } finally {
      await again.close();
    }
    expect(errors).toEqual([]);
  });
});
