import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, type SharedServer, sharedMailbox, sharedServer } from './shared';
import { openAs as openUiAs } from './ui';

// Registration approval and user transfers in Chromium against the built server: the buttons are
// the actions the server allows, a rejection asks for its reason, and the history timeline shows
// who decided what.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const APPROVE_USER = 'อนุมัติคำขอลงทะเบียนผู้ใช้งานใหม่';
const APPROVE_TRANSFER = 'อนุมัติการโอนย้ายผู้ใช้งาน';

let server: SharedServer;
let browser: Browser;
const passwords: Record<string, string> = {};

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  const { demoAccounts } = await server.graphql<{ demoAccounts: { username: string; password: string }[] }>(
    '{ demoAccounts { username password } }',
  );
  for (const account of demoAccounts) passwords[account.username] = account.password;
});

afterAll(async () => {
  await browser?.close();
});

const login = async (username: string, password: string) =>
  (
    await server.graphql<{ login: { token: string; user: { divisionCode: string } } }>(
      'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token user { divisionCode } } }',
      { u: username, p: password },
    )
  ).login;

/**
 * A member of staff of this file's own, registered, approved and activated as a person would be
 * (the server is shared: moving a demo account would change what the other files see).
 */
async function activeStaff(username: string, unitCode: string, password: string): Promise<void> {
  const email = `${username}@example.go.th`;
  await server.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
    i: {
      username,
      email,
      password,
      titleTh: 'นาย',
      firstNameTh: 'มานพ',
      lastNameTh: 'ย้ายหน่วย',
      citizenId: '1101700230678',
      organisationUnitCode: unitCode,
    },
  });
  const db = new pg.Client({ connectionString: server.databaseUrl() });
  await db.connect();
  const { rows } = await db.query<{ id: string }>('select id from app_user where username = $1', [username]);
  await db.end();
  const admin = await login('admin.demo', passwords['admin.demo']);
  await server.graphql(
    'mutation ($i: ApproveUserInput!) { approveUser(input: $i) { id } }',
    { i: { userId: rows[0].id, request_status_code: 'A', user_status_code: 'N' } },
    admin.token,
  );
  const [mail] = await sharedMailbox().waitFor(email);
  const xcode = /xcode=([^&\s]+)/.exec(mail.text)?.[1];
  if (!xcode) throw new Error(`no activation code in: ${mail.text}`);
  await server.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', {
    x: decodeURIComponent(xcode),
  });
}

const openAs = (username: string, path: string) => openUiAs(browser, server.url, username, path);

const rowOf = (page: Page, table: string, name: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });

describe('user requests in Chromium against the built server', () => {
  it('rejects a registration with its reason and shows the decision in the history', async () => {
    await server.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: {
        username: 'e2e.pranee',
        email: 'pranee@example.go.th',
        password: 'Browser-registration-2569',
        titleTh: 'นาง',
        firstNameTh: 'ปราณี',
        lastNameTh: 'ทดลองระบบ',
        citizenId: '3100600445813',
        organisationUnitCode: 'OPS-P38-ADM',
      },
    });
    const { page, errors, close } = await openAs('orgadmin.demo', '/backoffice/approve-user');
    const row = rowOf(page, APPROVE_USER, 'นางปราณี ทดลองระบบ');
    await row.getByRole('button', { name: 'ไม่อนุมัติ' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'ไม่อนุมัติคำขอลงทะเบียน' });
    const confirm = dialog.getByRole('button', { name: 'ไม่อนุมัติ' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('ไม่พบชื่อในบัญชีบุคลากร');
    await confirm.click();
    await page.getByText('บันทึกการไม่อนุมัติเรียบร้อยแล้ว').waitFor();
    await row.waitFor({ state: 'detached' });

    // The rejected request, found by its status, with its history.
    const search = page.getByRole('search', { name: 'ค้นหาผู้ใช้งาน' });
    await search.getByRole('combobox', { name: 'สถานะคำขอ' }).selectOption('R');
    await search.getByRole('button', { name: 'ค้นหา' }).click();
    const rejected = rowOf(page, APPROVE_USER, 'นางปราณี ทดลองระบบ');
    expect(await rejected.getByRole('button', { name: 'อนุมัติ' }).count()).toBe(0);
    await rejected.getByRole('button', { name: 'ประวัติ' }).click();
    const history = page.getByRole('dialog', { name: 'ประวัติคำขอลงทะเบียน: นางปราณี ทดลองระบบ' });
    const steps = history.getByRole('listitem');
    await steps.nth(1).waitFor();
    expect(await steps.allTextContents()).toEqual([
      expect.stringMatching(/^ลงทะเบียน · รออนุมัติโดย ปราณี ทดลองระบบ เมื่อ/),
      expect.stringMatching(/^ไม่อนุมัติ · รออนุมัติ → ไม่อนุมัติโดย สมหญิง ผู้ดูแลหน่วยงาน เมื่อ .*เหตุผล: ไม่พบชื่อในบัญชีบุคลากร$/),
    ]);
    await page.screenshot({ path: join(artifacts, 'user-requests-registration-history.png') });
    expect(errors).toEqual([]);
    await close();
  });

  it('approves a transfer into the administrator’s units; the person moves', async () => {
    const password = 'Browser-transfer-2569';
    await activeStaff('e2e.manop', 'DSDW-P28-DON', password);
    const mover = await login('e2e.manop', password);
    await server.graphql(
      'mutation { requestTransfer(toUnitCode: "OPS-P38-ADM", reason: "ย้ายตามคำสั่งจังหวัด") { id } }',
      {},
      mover.token,
    );
    const { page, errors, close } = await openAs('orgadmin.demo', '/backoffice/approve-tranfer-user');
    const row = rowOf(page, APPROVE_TRANSFER, 'นายมานพ ย้ายหน่วย');
    await row.getByText('ย้ายตามคำสั่งจังหวัด').waitFor();
    await row.getByRole('button', { name: 'อนุมัติ', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'อนุมัติการโอนย้าย' });
    await dialog.getByRole('button', { name: 'อนุมัติ', exact: true }).click();
    await page.getByText('อนุมัติการโอนย้ายเรียบร้อยแล้ว').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();

    // The session ended with the transfer; logged in again they belong to the new unit.
    const again = await login('e2e.manop', password);
    expect(again.user.divisionCode).toBe('OPS-P38-ADM');
  });
});
