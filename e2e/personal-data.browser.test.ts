import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectBrowser,
  demoLogin,
  type SharedServer,
  serverSql,
  sharedMailbox,
  sharedServer,
} from './shared';
import { downloadOf, openAs, screenshot } from './ui';

// The donor's personal data (PDPA, docs/public-site.md): a donor of this file signs up (through the
// API, as the sign-up form does; the form itself is the donor journey's), activates from the mailed
// code, then on the public site downloads their data (a JSON file holding their e-mail) and asks for
// deletion. The administrator, who holds edit-donator (MN-020), completes the request in the
// deletion requests section: the case no longer names them, and the donor can no longer log in.
// A staff member who has left (docs/staff-anonymisation.md), registered, approved and activated by
// this file, then deactivated, is anonymised by the administrator on edit-status-user (MN-004).

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

  it('the administrator anonymises a departed staff member on edit-status-user; the row shows deleted-user-N and no e-mail; the account no longer logs in', async () => {
    const leaver = {
      username: 'left.pdpa.e2e',
      email: 'left.pdpa.e2e@example.go.th',
      password: 'Left-office-2569-e2e',
      lastName: 'ย้ายออกพีดีพีเอ',
    };
    await server.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: {
        username: leaver.username,
        email: leaver.email,
        password: leaver.password,
        titleTh: 'นาง',
        firstNameTh: 'สุดา',
        lastNameTh: leaver.lastName,
        citizenId: '1101700230996',
        phone: '0891234567',
        organisationUnitCode: 'OPS-P38-ADM',
      },
    });
    const [{ id }] = await serverSql<{ id: number }>('select id from app_user where username = $1', [
      leaver.username,
    ]);
    const admin = await demoLogin(ADMIN);
    await server.graphql(
      'mutation ($i: ApproveUserInput!) { approveUser(input: $i) { id } }',
      { i: { userId: String(id), request_status_code: 'A', user_status_code: 'N' } },
      admin,
    );
    const [mail] = await sharedMailbox().waitFor(leaver.email);
    const xcode = /xcode=([^&\s]+)/.exec(mail?.text ?? '')?.[1];
    if (!xcode) throw new Error(`no activation code in: ${mail?.text}`);
    await server.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', {
      x: decodeURIComponent(xcode),
    });
    const staffLogin = (username: string) =>
      server.graphql<{ login: { token: string } }>(
        'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        { u: username, p: leaver.password },
      );
    // The account works, then they leave: deactivated.
    expect((await staffLogin(leaver.username)).login.token).toBeTruthy();
    await server.graphql(
      'mutation ($u: ID!) { changeUserStatus(userId: $u, userStatusCode: "I") { id } }',
      { u: String(id) },
      admin,
    );

    const staff = await openAs(browser, server.url, ADMIN, '/backoffice/edit-status-user');
    try {
      const { page } = staff;
      const search = page.getByRole('search', { name: 'ค้นหาผู้ใช้งาน' });
      await search.getByRole('textbox', { name: 'นามสกุล', exact: true }).fill(leaver.lastName);
      await search.getByRole('button', { name: 'ค้นหา' }).click();
      const row = page.getByRole('row').filter({ hasText: leaver.lastName });
      await row.getByText(leaver.email).waitFor();
      await row.getByRole('button', { name: 'ลบข้อมูลส่วนบุคคล', exact: true }).click();
      await page
        .getByRole('alertdialog')
        .or(page.getByRole('dialog'))
        .getByRole('button', { name: 'ลบข้อมูลส่วนบุคคล', exact: true })
        .click();
      await row.getByText(`deleted-user-${id}`, { exact: true }).waitFor();
      const text = await row.textContent();
      expect(text).toContain(`สุดา ${leaver.lastName}`);
      expect(text).not.toContain('@');
      expect(await row.getByRole('button', { name: 'ลบข้อมูลส่วนบุคคล' }).count()).toBe(0);
      await screenshot(page, 'personal-data-staff-anonymised');
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.close();
    }

    // Neither the old username (on the login screen) nor the new one opens it with the old password.
    const again = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    try {
      const page = await again.newPage();
      await page.goto(`${server.url}/backoffice/login`);
      await page.getByLabel(/^ชื่อผู้ใช้/).fill(leaver.username);
      await page.getByLabel(/^รหัสผ่าน/).fill(leaver.password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /ไม่ถูกต้อง|ไม่สามารถ|ไม่พบ/ })
        .first()
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/backoffice/login');
    } finally {
      await again.close();
    }
    await expect(staffLogin(`deleted-user-${id}`)).rejects.toThrow(/UNAUTHENTICATED|401/);
  });
});
