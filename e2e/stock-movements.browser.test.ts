import { formatBE } from '@namjai/common/calendar';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, demoLogin, idOf, type SharedServer, saveItem, sharedServer } from './shared';
import { chooseByCode, numberIn, openAs, searched, tableRows } from './ui';

// Stock leaving and correcting a storage in Chromium, as the people whose work it is: the demo
// officer of the Bueng Kan division writes a distribution of one lot to a recipient and submits it
// (the lot is reserved), approver1.demo approves it (the goods go out) and finds the movement on
// the stock card under the distribution's number, which opens the distribution. The officer then adjusts
// a lot by +5 leaving its expiry and unit value empty (the lot's are taken, no second row), and an
// adjustment naming another expiry for the same lot is refused in Thai. A storage and resources of
// the file's own, stocked through the API as setup.

const ADMIN = 'admin.demo';
const OFFICER = 'officer.demo';
const APPROVER = 'approver1.demo';
const UNIT = 'OPS-P38-SDW';
const STORAGE = { code: 'E2E-SM-STORE', nameTh: 'คลังทดสอบการเคลื่อนไหวสิ่งของ' };
/** Distributed: two lots, the later-expiring one chosen on the form (not first expiry first). */
const RICE = { code: 'E2E-SM-RICE', nameTh: 'ข้าวสารทดสอบการกระจาย' };
const RICE_LOTS = [
  { lot: 'E2E-SM-R1', expiryDate: '2030-03-31', quantity: 40, unitValue: '150.00' },
  { lot: 'E2E-SM-R2', expiryDate: '2031-03-31', quantity: 25, unitValue: '160.00' },
];
const DISTRIBUTED = 7;
/** Adjusted: one lot, +5 without expiry or value, then a conflicting expiry. */
const SOAP = { code: 'E2E-SM-SOAP', nameTh: 'สบู่ทดสอบการปรับยอด' };
const SOAP_LOT = { lot: 'E2E-SM-S1', expiryDate: '2030-12-31', expiryBE: '31/12/2573', quantity: 10 };
const SOAP_VALUE = 12.5;
const ADJUSTED = 5;
const DISTRIBUTION = 'การกระจายสิ่งของบริจาค';
const ADJUSTMENT = 'ใบปรับปรุงยอดสิ่งของ';
const COLUMN = {
  resource: 'สิ่งของ',
  lot: 'ล็อต',
  expiry: 'วันหมดอายุ',
  onHand: 'คงคลัง',
  value: 'มูลค่า (บาท)',
  quantity: 'จำนวน',
  balance: 'คงเหลือ',
  lotBalance: 'คงเหลือของล็อต',
  source: 'เอกสารต้นทาง',
};
/** Today in Bangkok as the date fields take it (dd/mm/yyyy, Buddhist era). */
const TODAY_BE = formatBE(new Date());

let server: SharedServer;
let browser: Browser;
let adminToken = '';

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
  adminToken = await demoLogin(ADMIN);
  await saveItem(adminToken, 'STORAGE', STORAGE.code, {
    nameTh: STORAGE.nameTh,
    ownerUnit: await idOf(adminToken, 'GOVERNMENT_INFO', UNIT),
  });
  const resourceValues = {
    resourceSub: await idOf(adminToken, 'RESOURCE_SUB', 'DRY-FOOD'),
    countingUnit: await idOf(adminToken, 'COUNTING_UNIT', 'BAG'),
  };
  for (const item of [RICE, SOAP])
    await saveItem(adminToken, 'RESOURCE', item.code, { nameTh: item.nameTh, ...resourceValues });
  const storage = await idOf(adminToken, 'STORAGE', STORAGE.code);
  const reason = await idOf(adminToken, 'MISSING_EXCESS_REASON', 'UNRECORDED');
  const rice = await idOf(adminToken, 'RESOURCE', RICE.code);
  const soap = await idOf(adminToken, 'RESOURCE', SOAP.code);
  // The opening stock, found on the shelf and posted by the administrator (an adjustment).
  const { createDocument } = await server.graphql<{ createDocument: { id: number; version: number } }>(
    'mutation ($input: DocumentInput!) { createDocument(type: STOCK_ADJUSTMENT, input: $input) { id version } }',
    {
      input: {
        header: { storage },
        lines: [
          ...RICE_LOTS.map((lot) => ({
            resource: rice,
            lot: lot.lot,
            expiryDate: lot.expiryDate,
            quantity: String(lot.quantity),
            unitValue: lot.unitValue,
            reason,
          })),
          {
            resource: soap,
            lot: SOAP_LOT.lot,
            expiryDate: SOAP_LOT.expiryDate,
            quantity: String(SOAP_LOT.quantity),
            unitValue: SOAP_VALUE.toFixed(2),
            reason,
          },
        ],
      },
    },
    adminToken,
  );
  await server.graphql(
    'mutation ($id: Int!, $version: Int!) { actOnDocument(type: STOCK_ADJUSTMENT, id: $id, input: { action: "POST", version: $version }) { status } }',
    createDocument,
    adminToken,
  );
});

afterAll(async () => {
  await browser?.close();
});

/** Saves the open create form and returns the number the confirmation names. */
async function saveNew(page: Page, form: Locator, prefix: string): Promise<string> {
  await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
  await form.waitFor({ state: 'hidden', timeout: 15_000 });
  const saved = page.getByText(new RegExp(`^บันทึก ${prefix}-\\d{4}-\\d{6} เรียบร้อยแล้ว$`)).first();
  return new RegExp(`${prefix}-\\d{4}-\\d{6}`).exec((await saved.textContent()) ?? '')?.[0] ?? '';
}

/** Opens a document's details from the list of its type on the current screen. */
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

/** Starts an action from the details and confirms it. */
async function startAndConfirm(details: Locator, action: string) {
  await details
    .getByRole('group', { name: 'การดำเนินการ' })
    .getByRole('button', { name: action, exact: true })
    .click();
  await details.getByRole('button', { name: `ยืนยัน${action}`, exact: true }).click();
}

/** Takes an action that asks for nothing more, and waits for its confirmation. */
async function act(page: Page, details: Locator, action: string, number: string) {
  await startAndConfirm(details, action);
  await page.getByText(`${action} ${number} เรียบร้อยแล้ว`).first().waitFor();
}

/** Applies an inventory view's filter (its reference choices by code) and returns its table, read. */
async function filterView(page: Page, tab: string, choices: [label: string, code: string][]) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  for (const [label, code] of choices) await chooseByCode(panel, label, code);
  const table = await searched(panel, tab);
  return table;
}

/** The stock card of a resource in the file's storage, once it shows a movement of the document. */
async function cardWith(page: Page, resource: string, number: string) {
  const table = await filterView(page, 'บัตรคุมสินค้า', [
    ['คลัง', STORAGE.code],
    ['สิ่งของ', resource],
  ]);
  await expect
    .poll(async () => (await tableRows(table)).some((row) => row[COLUMN.source] === number))
    .toBe(true);
  return { table, rows: await tableRows(table) };
}

/** Clicks the document number on the card and checks that it opens that document. */
async function followSource(page: Page, table: Locator, type: string, number: string) {
  await table.getByRole('button', { name: number, exact: true }).first().click();
  const opened = page.getByRole('dialog', { name: `${type} ${number}` });
  await opened.waitFor();
  return opened;
}

describe('stock movements in Chromium against the built server', () => {
  it('the officer distributes a chosen lot, approver 1 approves; the card shows it under the distribution’s number', async () => {
    const officer = await openAs(browser, server.url, OFFICER, '/backoffice/add-distribution-donate');
    let page = officer.page;
    await page.getByRole('button', { name: `สร้าง${DISTRIBUTION}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `สร้าง${DISTRIBUTION}` });
    await chooseByCode(form, 'คลังต้นทาง', STORAGE.code);
    await form.getByRole('textbox', { name: 'วันที่กระจาย', exact: true }).fill(TODAY_BE);
    await form
      .getByRole('combobox', { name: 'วัตถุประสงค์/เหตุการณ์', exact: true })
      .selectOption('DISASTER_FLOOD');
    const line = form.getByRole('group', { name: 'รายการที่ 1' });
    await chooseByCode(line, 'สิ่งของ', RICE.code);
    await line.getByRole('textbox', { name: 'ล็อต', exact: true }).fill(RICE_LOTS[1].lot);
    await line.getByRole('textbox', { name: 'จำนวน', exact: true }).fill(String(DISTRIBUTED));
    await line.getByRole('textbox', { name: 'ผู้รับ', exact: true }).fill('ศูนย์พักพิงผู้ประสบอุทกภัย บึงกาฬ');
    await line.getByRole('combobox', { name: 'ประเภทผู้รับ', exact: true }).selectOption('COMMUNITY');
    const number = await saveNew(page, form, 'DD');
    expect(number).toMatch(/^DD-25\d\d-\d{6}$/);
    let details = await openDetails(page, DISTRIBUTION, number);
    await act(page, details, 'ส่งขออนุมัติ (จองสิ่งของ)', number);
    expect(officer.errors).toEqual([]);
    await officer.close();

    // Approver 1 approves it, and reads the card: out of the chosen lot, by exactly the quantity.
    const approver = await openAs(browser, server.url, APPROVER, '/backoffice/approve-distribution-donate');
    page = approver.page;
    details = await openDetails(page, DISTRIBUTION, number);
    await act(page, details, 'อนุมัติ', number);
    await details.getByText('อนุมัติแล้ว (ตัดจ่ายแล้ว)', { exact: true }).first().waitFor();
    await page.goto(`${server.url}/backoffice/view-transfer-item-to-another-storage`);
    const { table, rows } = await cardWith(page, RICE.code, number);
    const ours = rows.filter((row) => row[COLUMN.source] === number);
    expect(new Set(ours.map((row) => row[COLUMN.lot]))).toEqual(new Set([RICE_LOTS[1].lot]));
    expect(ours.reduce((sum, row) => sum + numberIn(row[COLUMN.quantity]), 0)).toBe(-DISTRIBUTED);
    const total = RICE_LOTS.reduce((sum, lot) => sum + lot.quantity, 0);
    const last = rows.at(-1);
    expect(last?.[COLUMN.source]).toBe(number);
    expect(numberIn(last?.[COLUMN.balance])).toBe(total - DISTRIBUTED);
    expect(numberIn(last?.[COLUMN.lotBalance])).toBe(RICE_LOTS[1].quantity - DISTRIBUTED);
    const opened = await followSource(page, table, DISTRIBUTION, number);
    const lines = await tableRows(opened.getByRole('table', { name: 'รายการ', exact: true }));
    expect(lines.map((l) => [l[COLUMN.lot], numberIn(l[COLUMN.quantity])])).toEqual([
      [RICE_LOTS[1].lot, DISTRIBUTED],
    ]);
    expect(await opened.textContent()).toContain('อนุมัติแล้ว (ตัดจ่ายแล้ว)');
    expect(approver.errors).toEqual([]);
    await approver.close();
  }, 60_000);

  it('the officer adjusts a lot by +5 without expiry or value: the same lot grows; another expiry is refused in Thai', async () => {
    const { page, errors, close } = await openAs(
      browser,
      server.url,
      OFFICER,
      '/backoffice/save-adjust-storage-item',
    );
    const newAdjustment = async (expiryBE: string) => {
      await page.getByRole('tab', { name: 'เอกสาร', exact: true }).click();
      await page.getByRole('button', { name: `สร้าง${ADJUSTMENT}`, exact: true }).click();
      const form = page.getByRole('dialog', { name: `สร้าง${ADJUSTMENT}` });
      await chooseByCode(form, 'คลัง', STORAGE.code);
      const line = form.getByRole('group', { name: 'รายการที่ 1' });
      await chooseByCode(line, 'สิ่งของ', SOAP.code);
      await line.getByRole('textbox', { name: 'ล็อต', exact: true }).fill(SOAP_LOT.lot);
      if (expiryBE) await line.getByRole('textbox', { name: 'วันหมดอายุ', exact: true }).fill(expiryBE);
      await line
        .getByRole('textbox', { name: 'จำนวนที่ปรับ (+ เกิน / − ขาด)', exact: true })
        .fill(String(ADJUSTED));
      await chooseByCode(line, 'เหตุผล', 'COUNT-ERROR');
      return form;
    };

    const number = await saveNew(page, await newAdjustment(''), 'AJ');
    expect(number).toMatch(/^AJ-25\d\d-\d{6}$/);
    const details = await openDetails(page, ADJUSTMENT, number);
    await act(page, details, 'ปรับยอด', number);
    await details.getByText('ปรับยอดแล้ว', { exact: true }).first().waitFor();
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await details.waitFor({ state: 'hidden' });

    // One row for the lot: its expiry, 15 on hand, valued at the lot's unit value.
    const onHand = await filterView(page, 'สิ่งของคงคลัง', [['คลัง', STORAGE.code]]);
    const soapRows = async () =>
      (await tableRows(onHand)).filter((row) => row[COLUMN.resource].startsWith(`${SOAP.code} `));
    const grown = SOAP_LOT.quantity + ADJUSTED;
    await expect
      .poll(async () => (await soapRows()).map((row) => numberIn(row[COLUMN.onHand])))
      .toEqual([grown]);
    const [soap] = await soapRows();
    expect(soap[COLUMN.lot]).toBe(SOAP_LOT.lot);
    expect(soap[COLUMN.expiry]).toBe(SOAP_LOT.expiryBE);
    expect(numberIn(soap[COLUMN.value])).toBe(grown * SOAP_VALUE);

    // The card: +5 into the lot under the adjustment's number, which opens the adjustment.
    const { table, rows } = await cardWith(page, SOAP.code, number);
    const last = rows.at(-1);
    expect(last?.[COLUMN.source]).toBe(number);
    expect(last?.[COLUMN.lot]).toBe(SOAP_LOT.lot);
    expect(numberIn(last?.[COLUMN.quantity])).toBe(ADJUSTED);
    expect(numberIn(last?.[COLUMN.lotBalance])).toBe(grown);
    const opened = await followSource(page, table, ADJUSTMENT, number);
    expect(await opened.textContent()).toContain('ปรับยอดแล้ว');
    await opened.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await opened.waitFor({ state: 'hidden' });

    // The same lot with another expiry date: saved, but posting it is refused, in Thai.
    const conflicting = await saveNew(page, await newAdjustment('01/01/2574'), 'AJ');
    const refused = await openDetails(page, ADJUSTMENT, conflicting);
    await startAndConfirm(refused, 'ปรับยอด');
    await page
      .getByText(
        `ล็อต ${SOAP_LOT.lot} ของ ${SOAP.code} ${SOAP.nameTh} ในคลัง ${STORAGE.code} ${STORAGE.nameTh} ` +
          `มีอยู่ในคลังแล้ว วันหมดอายุ ${SOAP_LOT.expiryBE} ไม่ตรงกับที่ระบุ (01/01/2574)`,
      )
      .first()
      .waitFor();
    expect(await refused.getByText('ปรับยอดแล้ว', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
