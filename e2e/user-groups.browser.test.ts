import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, demoLogin, type SharedServer, sharedServer } from './shared';
import { openAs, screenshot, tableRows, tick } from './ui';

// The user-group screens (MN-027..MN-030). The administrator adds a group with two menus, edits its
// name and menus, and finds it in the list. The organisation administrator (UG-A02) is given the add
// screen for the second test only (the group is put back as it was after it), and is refused, with
// the grant rule's own words, a group holding a menu UG-A02 does not hold; in English.

const ADMIN = 'admin.demo';
const ORG_ADMIN = 'orgadmin.demo';
const GROUP = { code: 'E2E-UG-A', name: 'กลุ่มทดสอบเบราว์เซอร์', renamed: 'กลุ่มทดสอบเบราว์เซอร์ (แก้ไข)' };
const MENUS = {
  money: 'ดูรายการรับบริจาคเงิน MN-038',
  resources: 'ดูข้อมูลสิ่งของ MN-011',
};

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const menuBox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** The list's row of this file's group, as the list shows it. */
async function listed(page: Page) {
  await page.waitForURL('**/backoffice/view-user-group');
  const table = page.getByRole('table').filter({ hasText: GROUP.code });
  await table.waitFor();
  return (await tableRows(table)).find((row) => row['รหัสกลุ่ม'] === GROUP.code);
}

describe('user groups', () => {
  it('the administrator adds a group with menus, edits it and sees it in the list', async () => {
    const { page, errors, close } = await openAs(browser, server.url, ADMIN, '/backoffice/add-user-group');
    try {
      await page.getByRole('textbox', { name: 'รหัสกลุ่ม' }).fill(GROUP.code);
      await page.getByRole('textbox', { name: 'ชื่อกลุ่ม' }).fill(GROUP.name);
      await tick(page, menuBox(page, MENUS.money));
      await page.getByRole('button', { name: 'บันทึก', exact: true }).click();
      // The list shows what it last read, then the server's answer: the poll waits for the latter.
      await expect
        .poll(() => listed(page))
        .toMatchObject({ ชื่อกลุ่ม: GROUP.name, สถานะ: 'ใช้งาน', จำนวนเมนู: '1' });

      // To the edit screen through the menu, as a person goes; the group picked from its list.
      const menu = page.getByRole('navigation', { name: 'เมนูระบบ' });
      await menu.getByRole('link', { name: 'แก้ไขกลุ่มผู้ใช้งาน', exact: true }).click();
      await page
        .getByRole('row')
        .filter({ hasText: GROUP.code })
        .getByRole('link', { name: 'แก้ไข', exact: true })
        .click();
      const name = page.getByRole('textbox', { name: 'ชื่อกลุ่ม' });
      await expect.poll(() => name.inputValue()).toBe(GROUP.name);
      expect(await menuBox(page, MENUS.money).isChecked()).toBe(true);
      await name.fill(GROUP.renamed);
      await tick(page, menuBox(page, MENUS.resources));
      await page.getByRole('button', { name: 'บันทึก', exact: true }).click();
      // Saved, the edit screen goes back to its list of groups to pick from; then the list screen.
      await page.waitForURL(/\/backoffice\/edit-user-group$/);
      await menu.getByRole('link', { name: 'ดูกลุ่มผู้ใช้งาน', exact: true }).click();
      await expect.poll(() => listed(page)).toMatchObject({ ชื่อกลุ่ม: GROUP.renamed, จำนวนเมนู: '2' });
      await screenshot(page, 'user-groups-list');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the organisation administrator is told, in English, that a group may hold only menus they hold', async () => {
    type Group = { code: string; name: string; remark: string; menuCodes: string[] };
    const group = async (token: string, code: string) =>
      (
        await server.graphql<{ userGroup: Group | null }>(
          'query ($code: String!) { userGroup(code: $code) { code name remark menuCodes } }',
          { code },
          token,
        )
      ).userGroup;
    const save = (token: string, g: Group, menuCodes: string[]) =>
      server.graphql(
        'mutation ($input: SaveUserGroupInput!) { saveUserGroup(input: $input) { code } }',
        { input: { code: g.code, name: g.name, remark: g.remark, menuCodes, transactionCode: null } },
        token,
      );
    const admin = await demoLogin(ADMIN);
    const before = await group(admin, 'UG-A02');
    if (!before) throw new Error('no UG-A02');
    expect(before.menuCodes).not.toContain('MN-038');
    await save(admin, before, [...new Set([...before.menuCodes, 'MN-027', 'MN-030'])]);
    try {
      const { page, errors, close } = await openAs(
        browser,
        server.url,
        ORG_ADMIN,
        '/backoffice/add-user-group',
      );
      try {
        await page.getByRole('button', { name: 'Switch language to English' }).click();
        await page.getByRole('textbox', { name: 'Group code' }).fill('E2E-UG-O');
        await page.getByRole('textbox', { name: 'Group name' }).fill('Group beyond my menus');
        await tick(page, menuBox(page, 'View money donations MN-038'));
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page
          .getByText('You can only give rights you hold yourself: this group has menus you do not hold')
          .waitFor();
        await screenshot(page, 'user-groups-grant-refused');
        expect(page.url()).toContain('/backoffice/add-user-group');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
      await expect(group(admin, 'E2E-UG-O')).rejects.toThrow(/NOT_FOUND/);
    } finally {
      await save(admin, before, before.menuCodes);
    }
    expect((await group(admin, 'UG-A02'))?.menuCodes.sort()).toEqual([...before.menuCodes].sort());
  });
});
