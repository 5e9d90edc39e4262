import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fiscalYearBE } from '@namjai/common/calendar';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, demoLogin, idOf, type SharedServer, saveItem, sharedServer } from './shared';
import { chooseByCode, numberIn, openAs, searched, tableRows } from './ui';

// Inventory in Chromium, as the demo officer of the Bueng Kan division (its storage ST-P38-SDW):
// a stock count during which another member of staff posts an adjustment in the same storage (the
// count shows a difference only where the shelf really differs from the books), and initial money
// for an account of the division, posted and seen in the money views, then refused a second time
// for the same year. The file works in a storage no other browser test touches and on an account
// of its own.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = 'admin.demo';
const OFFICER = 'officer.demo';
const STORAGE = 'ST-P38-SDW';
const UNIT = 'OPS-P38-SDW';
/** Issued by someone else while the count runs: on the shelf as on the books once it is posted. */
const MOVED = 'FIRST-AID-KIT';
/** One short on the shelf: the count's real difference. */
const SHORT = 'RICE-5KG';
const ISSUED = 4;
const COUNT = 'ใบตรวจนับสิ่งของ';
const INITIAL_MONEY = 'เงินตั้งต้น';
const ACCOUNT = { code: 'E2E-INV-ACCOUNT', nameTh: 'บัญชีทดสอบเงินตั้งต้น บึงกาฬ' };
/** Column headers of the tables read below, as the screens write them. */
const COLUMN = {
  resource: 'สิ่งของ',
  lot: 'ล็อต',
  book: 'ยอดตามบัญชีเมื่อเริ่มนับ',
  counted: 'จำนวนที่นับได้',
  difference: 'ผลต่าง (+ เกิน / − ขาด)',
  countReason: 'เหตุผลที่ขาดหรือเกิน',
  onHand: 'คงคลัง',
  quantity: 'จำนวน',
  balance: 'คงเหลือ',
  reason: 'เหตุผล',
  source: 'เอกสารต้นทาง',
  account: 'บัญชีเงิน',
  accountNumber: 'เลขที่บัญชี',
  amount: 'จำนวนเงิน (บาท)',
  moneyBalance: 'ยอดคงเหลือ (บาท)',
};
/** The Thai fiscal year (Buddhist era) today in Bangkok: it starts on 1 October. */
const FISCAL_YEAR = fiscalYearBE();

let server: SharedServer;
let browser: Browser;
/** The administrator's API session, for setup and for the other person's adjustment. */
let adminToken = '';
const ids: Record<string, number> = {};

interface Lot {
  resourceCode: string;
  lot: string;
  expiryDate: string | null;
  onHand: string;
}

/** What the storage holds now, by lot, as the server says. */
async function lotsOnHand(): Promise<Lot[]> {
  const { stockOnHand } = await server.graphql<{ stockOnHand: Lot[] }>(
    'query ($storageId: Int) { stockOnHand(storageId: $storageId) { resourceCode lot expiryDate onHand } }',
    { storageId: ids.STORAGE },
    adminToken,
  );
  return stockOnHand;
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  adminToken = await demoLogin(ADMIN);
  ids.STORAGE = await idOf(adminToken, 'STORAGE', STORAGE);
  ids.MOVED = await idOf(adminToken, 'RESOURCE', MOVED);
  ids.DAMAGED = await idOf(adminToken, 'MISSING_EXCESS_REASON', 'DAMAGED');
  // A money account of the division with nothing posted yet (no demo account belongs to it).
  await saveItem(adminToken, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(adminToken, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '9876543210',
  });
});

afterAll(async () => {
  await browser?.close();
});

const openAsOfficer = (path: string) => openAs(browser, server.url, OFFICER, path);

/** Saves the open create form and returns the number the confirmation names. */
async function saveNew(page: Page, form: Locator, prefix: string): Promise<string> {
  await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
  await form.waitFor({ state: 'hidden', timeout: 15_000 });
  const saved = page.getByText(new RegExp(`^บันทึก ${prefix}-\\d{4}-\\d{6} เรียบร้อยแล้ว$`)).first();
  return new RegExp(`${prefix}-\\d{4}-\\d{6}`).exec((await saved.textContent()) ?? '')?.[0] ?? '';
}

/** Opens a document's details from the list of its type. */
async function openDetails(page: Page, type: string, number: string): Promise<Locator> {
  const row = page
    .getByRole('table', { name: type, exact: true })
    .getByRole('row')
    .filter({ hasText: number });
  await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
  const details = page.getByRole('dialog', { name: `${type} ${number}` });
  await details.waitFor();
  return details;
}

/** Takes an action that asks for nothing more, and waits for its confirmation. */
async function act(page: Page, details: Locator, action: string, number: string) {
  await details
    .getByRole('group', { name: 'การดำเนินการ' })
    .getByRole('button', { name: action, exact: true })
    .click();
  await details.getByRole('button', { name: `ยืนยัน${action}`, exact: true }).click();
  await page.getByText(`${action} ${number} เรียบร้อยแล้ว`).first().waitFor();
}

/** Applies an inventory view's filter (its reference choices by code) and returns its table. */
async function filterView(
  page: Page,
  tab: string,
  choices: [label: string, code: string][],
): Promise<Locator> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  for (const [label, code] of choices) await chooseByCode(panel, label, code);
  const table = await searched(panel, tab);
  return table;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `inventory-${name}.png`), fullPage: true });
}

describe('inventory in Chromium against the built server', () => {
  it('counts a storage while stock moves in it: only the shelf that differs from the books shows a difference', async () => {
    const before = (await lotsOnHand()).filter((lot) => [MOVED, SHORT].includes(lot.resourceCode));
    const movedLot = before.find((lot) => lot.resourceCode === MOVED);
    expect(movedLot, `${MOVED} in stock in ${STORAGE}`).toBeDefined();
    expect(before.filter((lot) => lot.resourceCode === SHORT)).toHaveLength(1);
    const { page, errors, close } = await openAsOfficer('/backoffice/save-adjust-storage-item');

    // The storekeeper lists what to count and saves the count.
    await page.getByRole('tab', { name: COUNT, exact: true }).click();
    await page.getByRole('button', { name: `สร้าง${COUNT}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `สร้าง${COUNT}` });
    await chooseByCode(form, 'คลัง', STORAGE);
    await chooseByCode(form.getByRole('group', { name: 'รายการที่ 1' }), 'สิ่งของ', MOVED);
    await form.getByRole('button', { name: 'เพิ่มรายการ', exact: true }).click();
    await chooseByCode(form.getByRole('group', { name: 'รายการที่ 2' }), 'สิ่งของ', SHORT);
    const number = await saveNew(page, form, 'SC');
    expect(number).toMatch(new RegExp(`^SC-${FISCAL_YEAR}-\\d{6}$`));

    // Starting takes the book quantity of every lot: what the storage holds now.
    const details = await openDetails(page, COUNT, number);
    await act(page, details, 'เริ่มตรวจนับ', number);
    await details.getByText('กำลังตรวจนับ', { exact: true }).first().waitFor();
    const lines = details.getByRole('table', { name: 'รายการ', exact: true });
    await expect
      .poll(async () => (await tableRows(lines)).every((line) => line[COLUMN.book] !== ''))
      .toBe(true);
    const started = await tableRows(lines);
    expect(started).toHaveLength(before.length);
    for (const lot of before) {
      const line = started.find((candidate) => candidate[COLUMN.resource].startsWith(`${lot.resourceCode} `));
      expect(line?.[COLUMN.lot], lot.resourceCode).toBe(lot.lot);
      expect(numberIn(line?.[COLUMN.book]), lot.resourceCode).toBe(Number(lot.onHand));
    }
    await screenshot(page, 'count-started');

    // Meanwhile another member of staff posts damaged first-aid kits out of the same lot.
    const { createDocument } = await server.graphql<{ createDocument: { id: number; version: number } }>(
      `mutation ($input: DocumentInput!, $key: String) {
         createDocument(type: STOCK_ADJUSTMENT, input: $input, idempotencyKey: $key) { id version } }`,
      {
        key: `e2e-count-${number}`,
        input: {
          header: { storage: ids.STORAGE },
          lines: [
            {
              resource: ids.MOVED,
              lot: movedLot?.lot,
              expiryDate: movedLot?.expiryDate,
              quantity: String(-ISSUED),
              reason: ids.DAMAGED,
            },
          ],
          remark: 'ชำรุดระหว่างตรวจนับ',
        },
      },
      adminToken,
    );
    await server.graphql(
      `mutation ($id: Int!, $version: Int!) {
         actOnDocument(type: STOCK_ADJUSTMENT, id: $id, input: { action: "POST", version: $version }) { status } }`,
      createDocument,
      adminToken,
    );

    // The storekeeper enters what is on the shelf: the kits that are left, one sack of rice short.
    const counted = (code: string) =>
      numberIn(started.find((line) => line[COLUMN.resource].startsWith(`${code} `))?.[COLUMN.book]) -
      (code === MOVED ? ISSUED : 1);
    await details
      .getByRole('group', { name: 'การดำเนินการ' })
      .getByRole('button', { name: 'บันทึกผลการนับ', exact: true })
      .click();
    const finish = details.getByRole('form', { name: 'บันทึกผลการนับ' });
    const lineOf = (code: string) => finish.getByRole('group').filter({ hasText: `สิ่งของ: ${code} ` });
    for (const code of [MOVED, SHORT]) {
      await lineOf(code)
        .getByRole('textbox', { name: 'จำนวนที่นับได้', exact: true })
        .fill(String(counted(code)));
    }
    // Without a reason the short line is refused; the line that only moved needs none.
    const noReason = 'จำนวนที่นับได้ไม่ตรงกับยอดตามบัญชี กรุณาระบุเหตุผลที่ขาดหรือเกิน';
    await finish.getByRole('button', { name: 'ยืนยันบันทึกผลการนับ', exact: true }).click();
    await lineOf(SHORT).getByText(noReason).waitFor();
    expect(await lineOf(MOVED).getByText(noReason).count()).toBe(0);
    await screenshot(page, 'count-reason-asked');
    await chooseByCode(lineOf(SHORT), 'เหตุผลที่ขาดหรือเกิน', 'DAMAGED');
    await finish.getByRole('button', { name: 'ยืนยันบันทึกผลการนับ', exact: true }).click();
    await page.getByText(`บันทึกผลการนับ ${number} เรียบร้อยแล้ว`).first().waitFor();
    await finish.waitFor({ state: 'hidden' });
    await details.getByText('ตรวจนับเสร็จ', { exact: true }).first().waitFor();

    await expect
      .poll(async () => (await tableRows(lines)).every((line) => line[COLUMN.difference] !== ''))
      .toBe(true);
    const finished = await tableRows(lines);
    const lineFor = (code: string) => finished.find((line) => line[COLUMN.resource].startsWith(`${code} `));
    expect(numberIn(lineFor(MOVED)?.[COLUMN.counted])).toBe(counted(MOVED));
    expect(numberIn(lineFor(MOVED)?.[COLUMN.difference])).toBe(0);
    expect(lineFor(MOVED)?.[COLUMN.countReason]).toBe('');
    expect(numberIn(lineFor(SHORT)?.[COLUMN.difference])).toBe(-1);
    expect(lineFor(SHORT)?.[COLUMN.countReason]).toContain('ชำรุดเสียหาย');
    await screenshot(page, 'count-finished');
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await details.waitFor({ state: 'hidden' });

    // The storage now holds what was counted.
    const onHand = await filterView(page, 'สิ่งของคงคลัง', [['คลัง', STORAGE]]);
    await expect
      .poll(async () =>
        (await tableRows(onHand))
          .filter((row) => [MOVED, SHORT].some((code) => row[COLUMN.resource].startsWith(`${code} `)))
          .map((row) => [row[COLUMN.resource].split(' ')[0], numberIn(row[COLUMN.onHand])])
          .sort(),
      )
      .toEqual(
        [
          [MOVED, counted(MOVED)],
          [SHORT, counted(SHORT)],
        ].sort(),
      );

    // The kits' card: the adjustment during the count, and nothing from the count itself.
    const movedCard = await filterView(page, 'บัตรคุมสินค้า', [
      ['คลัง', STORAGE],
      ['สิ่งของ', MOVED],
    ]);
    await expect.poll(async () => (await tableRows(movedCard)).length).toBeGreaterThan(1);
    const movedRows = await tableRows(movedCard);
    // A card names its source by the document's number (the type on hover): SC- a count, AJ- an adjustment.
    expect(movedRows.filter((row) => row[COLUMN.source].startsWith('SC-'))).toEqual([]);
    const last = movedRows[movedRows.length - 1];
    expect(last[COLUMN.source]).toMatch(/^AJ-\d{4}-\d{6}$/);
    expect(numberIn(last[COLUMN.quantity])).toBe(-ISSUED);
    expect(numberIn(last[COLUMN.balance])).toBe(counted(MOVED));

    // The rice's card: one missing, posted by the count with its reason.
    const shortCard = await filterView(page, 'บัตรคุมสินค้า', [
      ['คลัง', STORAGE],
      ['สิ่งของ', SHORT],
    ]);
    await expect
      .poll(async () => (await tableRows(shortCard)).at(-1)?.[COLUMN.source] ?? '')
      .toMatch(/^SC-\d{4}-\d{6}$/);
    const shortLast = (await tableRows(shortCard)).at(-1);
    expect(numberIn(shortLast?.[COLUMN.quantity])).toBe(-1);
    expect(numberIn(shortLast?.[COLUMN.balance])).toBe(counted(SHORT));
    expect(shortLast?.[COLUMN.reason]).toBe('ชำรุดเสียหาย');
    await screenshot(page, 'stock-card');
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('records initial money for an account and fiscal year, posts it into the money views, and refuses a second one', async () => {
    const { page, errors, close } = await openAsOfficer('/backoffice/save-initial-money');
    const amount = '12345.67';
    const shown = '12,345.67';

    const newInitialMoney = async (value: string) => {
      await page.getByRole('tab', { name: 'เอกสาร', exact: true }).click();
      await page.getByRole('button', { name: `สร้าง${INITIAL_MONEY}`, exact: true }).click();
      const form = page.getByRole('dialog', { name: `สร้าง${INITIAL_MONEY}` });
      await chooseByCode(form, 'บัญชีเงิน', ACCOUNT.code);
      await form.getByRole('textbox', { name: 'ปีงบประมาณ (พ.ศ.)', exact: true }).fill(String(FISCAL_YEAR));
      await form.getByRole('textbox', { name: 'จำนวนเงิน (บาท)', exact: true }).fill(value);
      return form;
    };

    const number = await saveNew(page, await newInitialMoney(amount), 'IM');
    expect(number).toMatch(new RegExp(`^IM-${FISCAL_YEAR}-\\d{6}$`));
    const details = await openDetails(page, INITIAL_MONEY, number);
    await act(page, details, 'ลงบัญชี', number);
    await details.getByText('ลงบัญชีแล้ว', { exact: true }).first().waitFor();
    expect(await details.textContent()).toContain(`${ACCOUNT.code} ${ACCOUNT.nameTh}`);
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await details.waitFor({ state: 'hidden' });

    // The account's balance, and its card with the one movement and where it came from.
    await page.getByRole('tab', { name: 'ยอดเงินคงเหลือ', exact: true }).click();
    const balances = page.getByRole('table', { name: 'ยอดเงินคงเหลือ', exact: true });
    const account = balances.getByRole('row').filter({ hasText: ACCOUNT.code });
    await account.waitFor();
    const [balance] = (await tableRows(balances)).filter((row) =>
      row[COLUMN.account].startsWith(`${ACCOUNT.code} `),
    );
    expect(balance[COLUMN.moneyBalance]).toBe(shown);
    expect(balance[COLUMN.accountNumber]).toBe('9876543210');

    const card = await filterView(page, 'บัญชีเคลื่อนไหว', [['บัญชีเงิน', ACCOUNT.code]]);
    await expect.poll(async () => (await tableRows(card)).length).toBe(1);
    const [movement] = await tableRows(card);
    expect(movement[COLUMN.amount]).toBe(shown);
    expect(movement[COLUMN.moneyBalance]).toBe(shown);
    expect(movement[COLUMN.source]).toBe(number);
    await screenshot(page, 'money-card');

    // A second initial money for the same account and year is refused, in words, at the year.
    const again = await newInitialMoney('500');
    await again.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await again.getByText(`บัญชีนี้มีเงินตั้งต้นปีงบประมาณ ${FISCAL_YEAR} แล้ว`).waitFor();
    await screenshot(page, 'initial-money-refused');
    expect(await again.isVisible()).toBe(true);
    await again.getByRole('button', { name: 'ยกเลิก', exact: true }).click();
    await again.waitFor({ state: 'hidden' });
    const list = page.getByRole('table', { name: INITIAL_MONEY, exact: true });
    await list.getByRole('row').filter({ hasText: number }).waitFor();
    expect(await list.getByRole('row').filter({ hasText: ACCOUNT.code }).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
