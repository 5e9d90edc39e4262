import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, demoLogin, idOf, type SharedServer, saveItem, sharedServer } from './shared';
import { chooseByCode, numberIn, openAs as openUiAs, searched, tableRows } from './ui';

// A goods donation in Chromium, through every step, by the people whose work each step is: the
// Bueng Kan officer writes it and sends it to screening, screens it (then cancels the screening and
// screens again, 3 of 12 sacks rejected as damaged), approver1.demo approves level 1 from the level-1
// queue, approver2.demo level 2 from the level-2 queue; the officer's stock card shows the 9 accepted
// sacks received by the donation. Approver 2 then cancels the approval (the card shows the reversal)
// and approves again. The donation goes into a storage and a resource of this file's own.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = 'admin.demo';
const OFFICER = 'officer.demo';
const APPROVER_1 = 'approver1.demo';
const APPROVER_2 = 'approver2.demo';
const UNIT = 'OPS-P38-SDW';
const STORAGE = { code: 'E2E-DT-STORE', nameTh: 'คลังทดสอบรับบริจาคสิ่งของ' };
const RESOURCE = { code: 'E2E-DT-RICE', nameTh: 'ข้าวสารทดสอบรับบริจาค' };
const DONOR = 'DN-000001';
const DONATION = 'รายการรับบริจาคสิ่งของ';
const LOT = 'E2E-DT-L1';
const DONATED = 12;
const REJECTED = 3;
const ACCEPTED = DONATED - REJECTED;
/** Column headers of the tables read below, as the screens write them. */
const COLUMN = {
  accepted: 'จำนวนที่รับ',
  rejected: 'จำนวนที่ไม่รับ',
  result: 'ผลการคัดกรอง',
  lot: 'ล็อต',
  quantity: 'จำนวน',
  balance: 'คงเหลือ',
  source: 'เอกสารต้นทาง',
};

let server: SharedServer;
let browser: Browser;
let adminToken = '';
let donationNumber = '';

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  adminToken = await demoLogin(ADMIN);
  // A storage of the officer's division and a resource that nothing else in the run touches.
  await saveItem(adminToken, 'STORAGE', STORAGE.code, {
    nameTh: STORAGE.nameTh,
    ownerUnit: await idOf(adminToken, 'GOVERNMENT_INFO', UNIT),
  });
  await saveItem(adminToken, 'RESOURCE', RESOURCE.code, {
    nameTh: RESOURCE.nameTh,
    resourceSub: await idOf(adminToken, 'RESOURCE_SUB', 'DRY-FOOD'),
    countingUnit: await idOf(adminToken, 'COUNTING_UNIT', 'BAG'),
  });
});

afterAll(async () => {
  await browser?.close();
});

const openAs = (username: string, path: string) => openUiAs(browser, server.url, username, path);

/** Opens the donation's details from the list on the current screen. */
async function openDetails(page: Page): Promise<Locator> {
  const row = page
    .getByRole('table', { name: DONATION, exact: true })
    .getByRole('row')
    .filter({ hasText: donationNumber });
  await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
  const details = page.getByRole('dialog', { name: `${DONATION} ${donationNumber}` });
  await details.waitFor();
  return details;
}

const actionButton = (details: Locator, action: string) =>
  details.getByRole('group', { name: 'การดำเนินการ' }).getByRole('button', { name: action, exact: true });

/** Takes an action, with a reason when given, and waits for its confirmation. */
async function act(page: Page, details: Locator, action: string, reason?: string) {
  await actionButton(details, action).click();
  if (reason)
    await details
      .getByRole('form', { name: action })
      .getByRole('textbox', { name: 'เหตุผล', exact: true })
      .fill(reason);
  await details.getByRole('button', { name: `ยืนยัน${action}`, exact: true }).click();
  await page.getByText(`${action} ${donationNumber} เรียบร้อยแล้ว`).first().waitFor();
}

/** Screens the one line: accepted and rejected sacks, result, class and reason. */
async function screen(details: Locator, rejected: number) {
  await actionButton(details, 'บันทึกผลการคัดกรอง').click();
  const form = details.getByRole('form', { name: 'บันทึกผลการคัดกรอง' });
  const line = form.getByRole('group', { name: 'รายการที่ 1' });
  await line.getByRole('textbox', { name: 'จำนวนที่รับ', exact: true }).fill(String(DONATED - rejected));
  await line.getByRole('textbox', { name: 'จำนวนที่ไม่รับ', exact: true }).fill(String(rejected));
  await line
    .getByRole('combobox', { name: 'ผลการคัดกรอง', exact: true })
    .selectOption(rejected ? 'PARTLY_ACCEPTED' : 'ACCEPTED');
  await line.getByRole('combobox', { name: 'ความเร่งด่วน', exact: true }).selectOption('URGENT');
  return { form, line };
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `donations-goods-${name}.png`), fullPage: true });
}

/** The officer's stock card of the resource in the storage: every movement with its source. */
async function stockCard(page: Page): Promise<Record<string, string>[]> {
  await page.goto(`${server.url}/backoffice/view-transfer-item-to-another-storage`);
  await page.getByRole('tab', { name: 'บัตรคุมสินค้า', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'บัตรคุมสินค้า' });
  await chooseByCode(panel, 'คลัง', STORAGE.code);
  await chooseByCode(panel, 'สิ่งของ', RESOURCE.code);
  const table = await searched(panel, 'บัตรคุมสินค้า');
  return tableRows(table);
}

describe('a goods donation in Chromium against the built server', () => {
  it('the officer writes it, sends it to screening and screens it: 3 of 12 sacks rejected', async () => {
    const { page, errors, close } = await openAs(OFFICER, '/backoffice/add-donate-things');
    await page.getByRole('button', { name: `สร้าง${DONATION}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `สร้าง${DONATION}` });
    await chooseByCode(form, 'ผู้บริจาค', DONOR);
    await chooseByCode(form, 'หน่วยงานที่รับบริจาค', UNIT);
    await chooseByCode(form, 'คลังที่รับเข้า', STORAGE.code);
    // The date in the Buddhist era: 20 November 2026.
    await form.getByRole('textbox', { name: 'วันที่รับบริจาค', exact: true }).fill('20/11/2569');
    await form
      .getByRole('combobox', { name: 'วัตถุประสงค์/เหตุการณ์', exact: true })
      .selectOption('DISASTER_FLOOD');
    const line = form.getByRole('group', { name: 'รายการที่ 1' });
    await chooseByCode(line, 'สิ่งของ', RESOURCE.code);
    await line.getByRole('combobox', { name: 'ลักษณะ', exact: true }).selectOption('NEW');
    await line.getByRole('textbox', { name: 'จำนวนที่บริจาค', exact: true }).fill(String(DONATED));
    await line.getByRole('textbox', { name: 'มูลค่าต่อหน่วย (บาท)', exact: true }).fill('150');
    await line.getByRole('combobox', { name: 'ที่มาของมูลค่า', exact: true }).selectOption('RECEIPT');
    await line.getByRole('textbox', { name: 'วันหมดอายุ', exact: true }).fill('30/06/2570');
    await line.getByRole('textbox', { name: 'ล็อต', exact: true }).fill(LOT);
    await screenshot(page, 'form');
    await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    const saved = page.getByText(/^บันทึก DT-\d{4}-\d{6} เรียบร้อยแล้ว$/).first();
    donationNumber = /DT-\d{4}-\d{6}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
    expect(donationNumber).toMatch(/^DT-25\d\d-\d{6}$/);

    let details = await openDetails(page);
    expect(await details.textContent()).toContain('20/11/2569');
    expect(await details.textContent()).toContain('30/06/2570');
    await act(page, details, 'ส่งคัดกรอง');
    await details.getByText('รอคัดกรอง', { exact: true }).first().waitFor();
    // The add screen does not screen: that is the screening screen's command.
    expect(await actionButton(details, 'บันทึกผลการคัดกรอง').count()).toBe(0);
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();

    await page.goto(`${server.url}/backoffice/add-screen-donate-things`);
    details = await openDetails(page);
    // Quantities that do not add up are refused, in words, under the line.
    const first = await screen(details, REJECTED);
    await first.line.getByRole('textbox', { name: 'จำนวนที่ไม่รับ', exact: true }).fill('2');
    await first.form.getByRole('button', { name: 'ยืนยันบันทึกผลการคัดกรอง', exact: true }).click();
    await first.line.getByText(`จำนวนที่รับรวมกับจำนวนที่ไม่รับต้องเท่ากับจำนวนที่บริจาค (${DONATED})`).waitFor();
    await first.line.getByRole('textbox', { name: 'จำนวนที่ไม่รับ', exact: true }).fill(String(REJECTED));
    await first.line.getByRole('textbox', { name: 'เหตุผลการคัดกรอง', exact: true }).fill('กระสอบฉีกขาด');
    await first.form.getByRole('button', { name: 'ยืนยันบันทึกผลการคัดกรอง', exact: true }).click();
    await page.getByText(`บันทึกผลการคัดกรอง ${donationNumber} เรียบร้อยแล้ว`).first().waitFor();
    await details.getByText('คัดกรองแล้ว', { exact: true }).first().waitFor();
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();

    // Cancelled on the cancel-screening screen (with its reason), then screened again.
    await page.goto(`${server.url}/backoffice/cancle-screen-donate-things`);
    details = await openDetails(page);
    await act(page, details, 'ยกเลิกผลการคัดกรอง', 'บันทึกเหตุผลไม่ครบ');
    await details.getByText('รอคัดกรอง', { exact: true }).first().waitFor();
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await page.goto(`${server.url}/backoffice/add-screen-donate-things`);
    details = await openDetails(page);
    const again = await screen(details, REJECTED);
    await again.line.getByRole('textbox', { name: 'เหตุผลการคัดกรอง', exact: true }).fill('กระสอบฉีกขาด น้ำเข้า');
    await again.form.getByRole('button', { name: 'ยืนยันบันทึกผลการคัดกรอง', exact: true }).click();
    await page.getByText(`บันทึกผลการคัดกรอง ${donationNumber} เรียบร้อยแล้ว`).first().waitFor();
    await details.getByText('คัดกรองแล้ว', { exact: true }).first().waitFor();
    const lines = await tableRows(details.getByRole('table', { name: 'รายการ', exact: true }));
    expect(numberIn(lines[0][COLUMN.accepted])).toBe(ACCEPTED);
    expect(numberIn(lines[0][COLUMN.rejected])).toBe(REJECTED);
    expect(lines[0][COLUMN.result]).toBe('รับบางส่วน');
    const history = await details
      .getByRole('list', { name: 'ประวัติการดำเนินการ' })
      .getByRole('listitem')
      .allTextContents();
    expect(history.map((entry) => entry.split(' · ')[0])).toEqual([
      'สร้างเอกสาร',
      'ส่งคัดกรอง',
      'บันทึกผลการคัดกรอง',
      'ยกเลิกผลการคัดกรอง',
      'บันทึกผลการคัดกรอง',
    ]);
    await screenshot(page, 'screened');
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('approver 1 approves it from the level-1 queue', async () => {
    expect(donationNumber, 'the first test wrote a donation').not.toBe('');
    const { page, errors, close } = await openAs(APPROVER_1, '/backoffice/approve-donate-things-one');
    const count = page.getByRole('status').filter({ hasText: 'รออนุมัติระดับที่ 1' });
    expect(numberIn(/: ([\d,]+) รายการ/.exec((await count.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(
      1,
    );
    const details = await openDetails(page);
    await act(page, details, 'อนุมัติระดับที่ 1');
    await details.getByText('อนุมัติระดับที่ 1 แล้ว', { exact: true }).first().waitFor();
    expect(await actionButton(details, 'อนุมัติระดับที่ 1').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('approver 2 approves level 2: the stock card shows exactly the accepted sacks', async () => {
    const { page, errors, close } = await openAs(APPROVER_2, '/backoffice/approve-donate-things-two');
    const details = await openDetails(page);
    await act(page, details, 'อนุมัติระดับที่ 2');
    await details.getByText('อนุมัติระดับที่ 2 แล้ว (รับเข้าคลัง)', { exact: true }).first().waitFor();
    await screenshot(page, 'approved');
    expect(errors).toEqual([]);
    await close();

    const officer = await openAs(OFFICER, '/backoffice');
    const card = await stockCard(officer.page);
    expect(card).toHaveLength(1);
    expect(card[0][COLUMN.lot]).toBe(LOT);
    expect(numberIn(card[0][COLUMN.quantity])).toBe(ACCEPTED);
    expect(numberIn(card[0][COLUMN.balance])).toBe(ACCEPTED);
    expect(card[0][COLUMN.source]).toMatch(/^DT-\d{4}-\d{6}$/);
    await screenshot(officer.page, 'stock-card');
    expect(officer.errors).toEqual([]);
    await officer.close();
  }, 90_000);

  it('approver 2 cancels the approval (reversed on the card) and approves again', async () => {
    const { page, errors, close } = await openAs(APPROVER_2, '/backoffice/cancle-approve-donate-things-two');
    let details = await openDetails(page);
    await act(page, details, 'ยกเลิกการอนุมัติระดับที่ 2', 'ตรวจสอบมูลค่าอีกครั้ง');
    await details.getByText('อนุมัติระดับที่ 1 แล้ว', { exact: true }).first().waitFor();
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await page.goto(`${server.url}/backoffice/approve-donate-things-two`);
    details = await openDetails(page);
    await act(page, details, 'อนุมัติระดับที่ 2');
    await details.getByText('อนุมัติระดับที่ 2 แล้ว (รับเข้าคลัง)', { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
    await close();

    const officer = await openAs(OFFICER, '/backoffice');
    const card = await stockCard(officer.page);
    expect(card.map((row) => [numberIn(row[COLUMN.quantity]), numberIn(row[COLUMN.balance])])).toEqual([
      [ACCEPTED, ACCEPTED],
      [-ACCEPTED, 0],
      [ACCEPTED, ACCEPTED],
    ]);
    await screenshot(officer.page, 'stock-card-reversed');
    expect(officer.errors).toEqual([]);
    await officer.close();
  }, 90_000);
});
