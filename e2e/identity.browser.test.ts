import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, type SharedServer, sharedMailbox, sharedServer } from './shared';

const artifacts = join(import.meta.dirname, '..', 'test-results');
let server: SharedServer;
let browser: Browser;
/** What reached the server's SMTP server (a real one on loopback, started by the global setup). */
let smtp: ReturnType<typeof sharedMailbox>;

interface DemoAccount {
  username: string;
  password: string;
  kind: 'STAFF' | 'DONOR';
  groupCode: string;
  groupName: string;
}

interface Menu {
  code: string;
  key: string;
  external: boolean;
}

const AUTO_LOGOUT_TITLE = 'ออกจากระบบอัตโนมัติ';
const DUPLICATE_TEXT = 'มีการเข้าสู่ระบบด้วยชื่อผู้ใช้นี้จากที่อื่น';
const IDLE_TEXT = 'ไม่มีการตอบสนองเกิน 30 นาที';

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  smtp = sharedMailbox();
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function demoAccount(groupCode: string): Promise<DemoAccount> {
  const { demoAccounts } = await server.graphql<{ demoAccounts: DemoAccount[] }>(
    '{ demoAccounts { username password kind groupCode groupName } }',
  );
  const account = demoAccounts.find((candidate) => candidate.groupCode === groupCode);
  if (!account) throw new Error(`no demo account for ${groupCode}: ${JSON.stringify(demoAccounts)}`);
  return account;
}

/**
 * A fresh browser context (its own storage); with `clock`, the page's clock is Playwright's, so a
 * test can let time pass in the page (it runs at the real pace until then).
 */
async function openPage(path: string, { clock = false }: { clock?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  if (clock) await context.clock.install();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${path}`);
  return { page, errors, close: () => context.close() };
}

/** Logs in through the staff login page, using the demo banner's button to fill the form. */
async function staffLogin(page: Page, account: DemoAccount) {
  const banner = page.getByRole('region', { name: 'บัญชีทดลองใช้งาน (ไม่มีในระบบจริง)' });
  await banner.waitFor();
  expect(await banner.textContent()).toContain(account.username);
  await page.getByRole('button', { name: `ใช้บัญชีทดลอง ${account.username}` }).click();
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: /^ยินดีต้อนรับ/ }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/backoffice');
}

async function storedToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => window.localStorage.getItem('userData'));
  const token = stored ? (JSON.parse(stored) as { token?: string }).token : undefined;
  if (!token) throw new Error('no userData token in local storage');
  return token;
}

/**
 * The newest token the page was given (by its login or a refresh), as it arrives: a refresh ends the
 * token it replaces, so only the newest says whether the session still lives.
 */
function followTokens(page: Page): { latest: () => string | null } {
  let latest: string | null = null;
  page.on('response', (response) => {
    if (!response.url().endsWith('/graphql')) return;
    void response
      .json()
      .then((body: { data?: Record<string, { token?: unknown } | null> }) => {
        for (const field of ['login', 'refreshToken']) {
          const token = body.data?.[field]?.token;
          if (typeof token === 'string') latest = token;
        }
      })
      .catch(() => undefined);
  });
  return { latest: () => latest };
}

async function allowedMenus(token: string): Promise<Menu[]> {
  const { me } = await server.graphql<{ me: { menus: Menu[] } }>(
    '{ me { menus { code key external } } }',
    {},
    token,
  );
  return me.menus;
}

describe('identity in Chromium against the built server', () => {
  it('logs a demo officer in and shows exactly the menus of their group', async () => {
    const officer = await demoAccount('UG-S01');
    const { page, errors, close } = await openPage('/backoffice/login');
    await staffLogin(page, officer);
    const topBar = await page.getByTestId('backoffice-user').textContent();
    expect(topBar).toContain(`(${officer.groupCode})`);

    const menus = await allowedMenus(await storedToken(page));
    expect(menus.length).toBeGreaterThan(0);
    const nav = page.getByRole('navigation', { name: 'เมนูระบบ' });
    const hrefs = await nav
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const expected = menus.filter((menu) => !menu.external).map((menu) => `/backoffice/${menu.key}`);
    // Officers hold the reports of their work: the reports section leads with the in-product index.
    const reportsIndex = menus.some((menu) => /^report-\d-\d$/.test(menu.key)) ? ['/backoffice/reports'] : [];
    expect(reportsIndex).toEqual(['/backoffice/reports']);
    expect(hrefs.sort()).toEqual([...expected, ...reportsIndex, '/backoffice/logout'].sort());
    // External report entries are buttons that open the report site.
    const externalCount = menus.filter((menu) => menu.external).length;
    expect(await nav.getByRole('button', { name: /แท็บใหม่/, includeHidden: true }).count()).toBe(
      externalCount,
    );

    await page.screenshot({ path: join(artifacts, 'backoffice-officer.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('sends the officer back to /backoffice from a menu the group does not have', async () => {
    const officer = await demoAccount('UG-S01');
    const { page, close } = await openPage('/backoffice/login');
    await staffLogin(page, officer);
    const menus = await allowedMenus(await storedToken(page));
    expect(menus.map((menu) => menu.key)).not.toContain('approve-user');

    await page.goto(`${server.url}/backoffice/approve-user`);
    await page.getByRole('heading', { level: 1, name: /^ยินดีต้อนรับ/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/backoffice');

    // Not logged in, the same address leads to the login.
    const anonymous = await openPage('/backoffice/approve-user');
    await anonymous.page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' }).waitFor();
    expect(new URL(anonymous.page.url()).pathname).toBe('/backoffice/login');
    await anonymous.close();
    await close();
  });

  it('opens an allowed screen for the administrator: the user list from the API', async () => {
    const admin = await demoAccount('UG-A01');
    const { page, errors, close } = await openPage('/backoffice/login');
    await staffLogin(page, admin);
    await page.goto(`${server.url}/backoffice/view-user`);
    await page.getByRole('heading', { level: 1, name: 'ดูข้อมูลผู้ใช้งาน' }).waitFor();
    await page.getByText(admin.username).first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('logs the first browser out with the duplicate-login modal when the user logs in elsewhere', async () => {
    const executive = await demoAccount('UG-E01');
    const { page, close } = await openPage('/backoffice/login');
    await staffLogin(page, executive);

    // The same user logs in somewhere else: the server ends the first session.
    await server.graphql(
      'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      {
        u: executive.username,
        p: executive.password,
      },
    );

    // The 30-second session check reports xlock DUPLICATE.
    const dialog = page.getByRole('alertdialog', { name: AUTO_LOGOUT_TITLE });
    await dialog.waitFor({ timeout: 40_000 });
    expect(await dialog.textContent()).toContain(DUPLICATE_TEXT);
    expect(await page.evaluate(() => window.localStorage.getItem('userData'))).toBeNull();
    await page.screenshot({ path: join(artifacts, 'auto-logout-duplicate.png') });

    await dialog.getByRole('button', { name: 'ตกลง' }).click();
    await page.waitForURL(`${server.url}/backoffice/login`);
    await close();
  }, 90_000);

  it('logs out with the idle modal after the idle limit without input', async () => {
    const approver = await demoAccount('UG-S02');
    const { page, close } = await openPage('/backoffice/login', { clock: true });
    const tokens = followTokens(page);
    await staffLogin(page, approver);
    // Thirty minutes and a second pass in the page without a key, mouse or touch event (the page
    // may refresh its token on the way: the newest one is the one to check).
    await page.clock.fastForward('30:01');

    const dialog = page.getByRole('alertdialog', { name: AUTO_LOGOUT_TITLE });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.textContent()).toContain(IDLE_TEXT);

    // The client ended the server session too: not even the newest token opens a session check.
    expect(tokens.latest()).toBeTruthy();
    await expect
      .poll(() =>
        server.graphql('{ sessionCheck { xlock } }', {}, tokens.latest() ?? '').then(
          () => 'alive',
          () => 'ended',
        ),
      )
      .toBe('ended');
    await dialog.getByRole('button', { name: 'ตกลง' }).click();
    await page.waitForURL(`${server.url}/backoffice/login`);
    await close();
  });

  it('logs a demo donor in on /login and shows the donation history page', async () => {
    const { demoAccounts } = await server.graphql<{ demoAccounts: DemoAccount[] }>(
      '{ demoAccounts { username password kind groupCode groupName } }',
    );
    const donor = demoAccounts.find((account) => account.kind === 'DONOR');
    if (!donor) throw new Error('no demo donor');
    const { page, close } = await openPage('/login');
    await page.getByRole('button', { name: `ใช้บัญชีทดลอง ${donor.username}` }).click();
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'ประวัติการบริจาค' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/donation-history');
    expect(await page.evaluate(() => window.localStorage.getItem('internetToken'))).toBeTruthy();
    expect(await page.evaluate(() => window.localStorage.getItem('userData'))).toBeNull();

    // One logout, the header's (the page itself has none).
    expect(await page.getByRole('main').getByRole('link', { name: 'ออกจากระบบ' }).count()).toBe(0);
    await page
      .getByRole('banner')
      .getByRole('group', { name: 'บัญชีของท่าน' })
      .getByRole('link', { name: 'ออกจากระบบ' })
      .click();
    await page.waitForURL(`${server.url}/login`);
    expect(await page.evaluate(() => window.localStorage.getItem('internetToken'))).toBeNull();
    await close();
  });

  it('signs a donor up on the public site; the e-mailed link activates; the header shows them until logout', async () => {
    const donor = { email: 'malee.e2e@example.com', password: 'Donate-to-Namjai-2569', name: 'มาลี ใจบุญ' };
    const { page, errors, close } = await openPage('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'สมัครสมาชิก' }).click();
    await page.getByRole('heading', { level: 1, name: 'สมัครสมาชิกผู้บริจาค' }).waitFor();
    await page.getByLabel(/^อีเมล/).fill(donor.email);
    await page.getByLabel(/^รหัสผ่าน/).fill(donor.password);
    await page.getByLabel(/^ยืนยันรหัสผ่าน/).fill(donor.password);
    await page.getByLabel(/^ชื่อ/).fill('มาลี');
    await page.getByLabel(/^นามสกุล/).fill('ใจบุญ');
    await page.getByText(/^ข้าพเจ้ายินยอม/).click();
    await page.screenshot({ path: join(artifacts, 'donor-signup-form.png'), fullPage: true });
    await page.getByRole('button', { name: 'สมัครสมาชิก', exact: true }).click();
    await page.getByText('กรุณาตรวจสอบอีเมลของท่าน').waitFor();
    await page.screenshot({ path: join(artifacts, 'donor-signup-done.png'), fullPage: true });

    // The activation e-mail arrives at the SMTP server; its link is opened in the same browser.
    const [mail] = await smtp.waitFor(donor.email);
    const link = /https?:\/\/\S+\/activate\?\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no activation link in: ${mail.text}`);
    const { pathname, search } = new URL(link);
    await page.goto(`${server.url}${pathname}${search}`);
    await page.getByText('เปิดใช้งานบัญชีเรียบร้อยแล้ว').waitFor();
    await page.getByRole('link', { name: 'ไปหน้าเข้าสู่ระบบผู้บริจาค' }).click();
    await page.waitForURL(`${server.url}/login`);

    await page.getByLabel(/^อีเมล/).fill(donor.email);
    await page.getByLabel(/^รหัสผ่าน/).fill(donor.password);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'ประวัติการบริจาค' }).waitFor();
    const account = header.getByRole('group', { name: 'บัญชีของท่าน' });
    await account.getByText(donor.name).waitFor();
    expect(await header.getByRole('link', { name: 'เข้าสู่ระบบ' }).count()).toBe(0);
    await page.screenshot({ path: join(artifacts, 'donor-header-logged-in.png') });
    // On a phone the name stays in the header and the header keeps to the screen's width.
    await page.setViewportSize({ width: 375, height: 740 });
    await account.getByText(donor.name).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(artifacts, 'donor-header-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await account.getByRole('link', { name: 'ออกจากระบบ' }).click();
    await page.waitForURL(`${server.url}/login`);
    await header.getByRole('link', { name: 'เข้าสู่ระบบ' }).waitFor();
    expect(await header.getByText(donor.name).count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('internetToken'))).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });
});
