import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bangkokToday, formatBE } from '@namjai/common/calendar';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../server/src/platform/files/file-samples';
import {
  connectBrowser,
  demoLogin,
  idOf,
  type SharedServer,
  saveItem,
  serverSql,
  sharedServer,
} from './shared';
import { chooseByCode, numberIn, openAs as openUiAs, searched, tableRows } from './ui';

// Issue 12, the whole chain in Chromium: a support request for 12 kits, approved by approver1.demo;
// the officer disburses it from the request's line, first expiry first, out of two lots (6 of the
// early one, 6 of the later one); approver1 approves (the reservation); the officer records the
// delivery, then edits it (5 of the later lot delivered, not 6); records the result with a photo.
// The stock card shows both lots' movements, and the request's line the disbursed and delivered
// totals, agreeing with what the disbursement shows. A storage and a resource of the file's own.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = 'admin.demo';
const OFFICER = 'officer.demo';
const APPROVER = 'approver1.demo';
const UNIT = 'OPS-P38-SDW';
const STORAGE = { code: 'E2E-GO-STORE', nameTh: 'คลังทดสอบการเบิกจ่าย' };
const RESOURCE = { code: 'E2E-GO-KIT', nameTh: 'ชุดยังชีพทดสอบเบิกจ่าย' };
const LOTS = [
  { lot: 'E2E-GO-EARLY', expiryDate: '2030-01-31', quantity: 6 },
  { lot: 'E2E-GO-LATE', expiryDate: '2031-06-30', quantity: 10 },
];
const ASKED = 12;
const REQUEST = 'คำขอรับการสนับสนุน';
const DISBURSEMENT = 'การเบิกจ่ายสิ่งของ';
const COLUMN = {
  lot: 'ล็อต (ว่างไว้: หมดอายุก่อนจ่ายก่อน)',
  expiry: 'วันหมดอายุ',
  quantity: 'จำนวน',
  delivered: 'จำนวนที่ส่งมอบ',
  cardLot: 'ล็อต',
  source: 'เอกสารต้นทาง',
  balance: 'คงเหลือ',
  approved: 'จำนวนที่อนุมัติ',
  disbursedOnRequest: 'เบิกจ่ายแล้ว',
  deliveredOnRequest: 'ส่งมอบแล้ว',
  reportedOnRequest: 'รายงานผลแล้ว',
};
/** Today in Bangkok as the date fields take it (dd/mm/yyyy, Buddhist era) and as the API does. */
const TODAY_BE = formatBE(new Date());
const TODAY = bangkokToday();

let server: SharedServer;
let browser: Browser;
let adminToken = '';
let requestNumber = '';
let number = '';

/** A document command as the administrator, through the API (setup no one watches). */
async function command<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  return server.graphql<T>(query, variables, adminToken);
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  adminToken = await demoLogin(ADMIN);
  const unit = await idOf(adminToken, 'GOVERNMENT_INFO', UNIT);
  await saveItem(adminToken, 'STORAGE', STORAGE.code, { nameTh: STORAGE.nameTh, ownerUnit: unit });
  await saveItem(adminToken, 'RESOURCE', RESOURCE.code, {
    nameTh: RESOURCE.nameTh,
    resourceSub: await idOf(adminToken, 'RESOURCE_SUB', 'DRY-FOOD'),
    countingUnit: await idOf(adminToken, 'COUNTING_UNIT', 'BAG'),
  });
  const storage = await idOf(adminToken, 'STORAGE', STORAGE.code);
  const resource = await idOf(adminToken, 'RESOURCE', RESOURCE.code);
  // The two lots, found on the shelf and posted by the administrator (an adjustment).
  const { createDocument: adjustment } = await command<{ createDocument: { id: number; version: number } }>(
    'mutation ($input: DocumentInput!) { createDocument(type: STOCK_ADJUSTMENT, input: $input) { id version } }',
    {
      input: {
        header: { storage },
        lines: await Promise.all(
          LOTS.map(async (lot) => ({
            resource,
            lot: lot.lot,
            expiryDate: lot.expiryDate,
            quantity: String(lot.quantity),
            unitValue: '250.00',
            reason: await idOf(adminToken, 'MISSING_EXCESS_REASON', 'UNRECORDED'),
          })),
        ),
      },
    },
  );
  await command(
    'mutation ($id: Int!, $version: Int!) { actOnDocument(type: STOCK_ADJUSTMENT, id: $id, input: { action: "POST", version: $version }) { status } }',
    adjustment,
  );
  // The request, written and submitted by the administrator; approver1 decides it in the browser.
  const { createDocument: request } = await command<{
    createDocument: { id: number; number: string; version: number };
  }>(
    'mutation ($input: DocumentInput!) { createDocument(type: SUPPORT_REQUEST, input: $input) { id number version } }',
    {
      input: {
        header: {
          unit,
          requesterKind: 'PERSON',
          requesterName: 'นายทดสอบ ห่วงโซ่',
          receiverType: 'COMMUNITY',
          province: '38',
          requestDate: TODAY,
          urgency: 'URGENT',
          purpose: 'ชุดยังชีพสำหรับผู้ประสบอุทกภัย (ทดสอบทั้งห่วงโซ่)',
        },
        lines: [{ resource, quantity: String(ASKED) }],
      },
    },
  );
  requestNumber = request.number;
  await command(
    'mutation ($id: Int!, $version: Int!) { actOnDocument(type: SUPPORT_REQUEST, id: $id, input: { action: "SUBMIT", version: $version }) { status } }',
    request,
  );
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh session at the path; a step that finds nothing fails within 20 s, naming where. */
async function openAs(username: string, path: string) {
  const opened = await openUiAs(browser, server.url, username, path);
  opened.page.setDefaultTimeout(20_000);
  return opened;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `giving-out-chain-${name}.png`), fullPage: true });
}

/** Opens a document's details from the list on the current screen. */
async function openDetails(page: Page, label: string, documentNumber: string): Promise<Locator> {
  const row = page
    .getByRole('table', { name: label, exact: true })
    .getByRole('row')
    .filter({ hasText: documentNumber });
  await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
  const details = page.getByRole('dialog', { name: `${label} ${documentNumber}` });
  await details.waitFor();
  return details;
}

/** Opens the action's form (or takes it at once when it asks for nothing, after its confirmation). */
async function startAction(details: Locator, action: string): Promise<Locator> {
  await details
    .getByRole('group', { name: 'การดำเนินการ' })
    .getByRole('button', { name: action, exact: true })
    .click();
  return details.getByRole('form', { name: action });
}

async function confirmAction(page: Page, details: Locator, action: string, documentNumber: string) {
  await details.getByRole('button', { name: `ยืนยัน${action}`, exact: true }).click();
  await page.getByText(`${action} ${documentNumber} เรียบร้อยแล้ว`).first().waitFor();
}

const linesOf = (details: Locator) => tableRows(details.getByRole('table', { name: 'รายการ', exact: true }));

describe('giving out in Chromium: from a support request to a result with a photo', () => {
  it('approves a request, disburses it from two lots by expiry, delivers, edits the delivery, records the result', {
    timeout: 120_000,
  }, async () => {
    // 1. approver1 approves the request in full from the queue.
    const approver = await openAs(APPROVER, '/backoffice/approve-reqs-support');
    let details = await openDetails(approver.page, REQUEST, requestNumber);
    await startAction(details, 'อนุมัติ');
    await confirmAction(approver.page, details, 'อนุมัติ', requestNumber);
    expect(approver.errors).toEqual([]);
    await approver.close();

    // 2. The officer disburses 12 from the request's line, leaving the lot empty: first expiry first.
    const officer = await openAs(OFFICER, '/backoffice/save-resource-disbursement');
    let page = officer.page;
    await page.getByRole('button', { name: `สร้าง${DISBURSEMENT}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `สร้าง${DISBURSEMENT}` });
    await chooseByCode(form, 'คลังที่เบิกจ่าย', STORAGE.code);
    await form.getByRole('textbox', { name: 'ผู้รับ', exact: true }).fill('ศูนย์พักพิงชั่วคราว บึงกาฬ');
    const requestField = 'คำขอรับการสนับสนุน (เลขที่เอกสาร)';
    // The choice is searched on the server: the request's number narrows it to that one.
    await form.getByRole('textbox', { name: `ค้นหา${requestField}`, exact: true }).fill(requestNumber);
    const requestSelect = form.getByRole('combobox', { name: requestField, exact: true });
    const requestOption = requestSelect.locator('option').filter({ hasText: requestNumber });
    await requestOption.waitFor({ state: 'attached', timeout: 15_000 });
    await requestSelect.selectOption(await requestOption.getAttribute('value'));
    const line = form.getByRole('group', { name: 'รายการที่ 1' });
    const lineSelect = line.getByRole('combobox', { name: 'บรรทัดคำขอ (รหัสบรรทัด)', exact: true });
    const requestLine = lineSelect.locator('option').filter({ hasText: /^#1 / });
    await requestLine.waitFor({ state: 'attached', timeout: 15_000 });
    // Nothing disbursed yet: all 12 are left of the approval.
    expect(await requestLine.textContent()).toContain('คงเหลือ 12)');
    await lineSelect.selectOption(await requestLine.getAttribute('value'));
    // Choosing the request line fills the resource.
    await expect
      .poll(async () =>
        line.getByRole('combobox', { name: 'สิ่งของ', exact: true }).locator('option:checked').textContent(),
      )
      .toContain(RESOURCE.code);
    await line.getByRole('textbox', { name: 'จำนวน', exact: true }).fill(String(ASKED));
    await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    const saved = page.getByText(/^บันทึก RD-\d{4}-\d{6} เรียบร้อยแล้ว$/).first();
    number = /RD-\d{4}-\d{6}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
    expect(number).toMatch(/^RD-25\d\d-\d{6}$/);
    details = await openDetails(page, DISBURSEMENT, number);
    await startAction(details, 'ส่งขออนุมัติ');
    await confirmAction(page, details, 'ส่งขออนุมัติ', number);
    await officer.close();

    // 3. approver1 approves it: the line is split over the two lots, earliest expiry first.
    const approver2 = await openAs(APPROVER, '/backoffice/approve-resource-disbursement');
    details = await openDetails(approver2.page, DISBURSEMENT, number);
    await startAction(details, 'อนุมัติ');
    await confirmAction(approver2.page, details, 'อนุมัติ', number);
    await expect
      .poll(async () => (await linesOf(details)).map((l) => [l[COLUMN.lot], l[COLUMN.quantity]]))
      .toEqual([
        [LOTS[0].lot, '6'],
        [LOTS[1].lot, '6'],
      ]);
    await screenshot(approver2.page, 'approved');
    expect(approver2.errors).toEqual([]);
    await approver2.close();

    // 4. The officer records the delivery (all 12), then edits it: 5 of the later lot, not 6.
    const delivery = await openAs(OFFICER, '/backoffice/save-delivery-resource-disbursement');
    page = delivery.page;
    details = await openDetails(page, DISBURSEMENT, number);
    let act = await startAction(details, 'บันทึกการส่งมอบ');
    await act.getByRole('textbox', { name: 'วันที่ส่งมอบ', exact: true }).fill(TODAY_BE);
    await act.getByRole('textbox', { name: 'ผู้รับมอบ', exact: true }).fill('นายสมชาย รับของ');
    for (const n of [1, 2])
      await act
        .getByRole('group', { name: `รายการที่ ${n}` })
        .getByRole('textbox', { name: 'จำนวนที่ส่งมอบ', exact: true })
        .fill('6');
    await confirmAction(page, details, 'บันทึกการส่งมอบ', number);
    await page.goto(`${server.url}/backoffice/edit-delivery-resource-disbursement`);
    details = await openDetails(page, DISBURSEMENT, number);
    act = await startAction(details, 'แก้ไขการส่งมอบ');
    // The form starts from what was recorded.
    const receiver = act.getByRole('textbox', { name: 'ผู้รับมอบ', exact: true });
    expect(await receiver.inputValue()).toBe('นายสมชาย รับของ');
    await receiver.fill('นางสาวสมใจ รับแทน');
    await act
      .getByRole('group', { name: 'รายการที่ 2' })
      .getByRole('textbox', { name: 'จำนวนที่ส่งมอบ', exact: true })
      .fill('5');
    await confirmAction(page, details, 'แก้ไขการส่งมอบ', number);
    await expect
      .poll(async () => (await linesOf(details)).map((l) => l[COLUMN.delivered]))
      .toEqual(['6', '5']);
    // The history says what the edit changed.
    const history = details.getByRole('list', { name: 'ประวัติการดำเนินการ' });
    await history.getByText('นายสมชาย รับของ → นางสาวสมใจ รับแทน').waitFor();
    await history.getByText(/บรรทัด 2: จำนวนที่ส่งมอบ: 6 → 5(?!\d)/).waitFor();
    await screenshot(page, 'delivery-edited');
    expect(delivery.errors).toEqual([]);
    await delivery.close();

    // 5. The result, with a photo of the hand-over.
    const result = await openAs(OFFICER, '/backoffice/save-result-resource-disbursement');
    page = result.page;
    details = await openDetails(page, DISBURSEMENT, number);
    const files = details.getByRole('region', { name: 'ไฟล์แนบ' });
    await files
      .getByLabel('เลือกไฟล์ที่จะแนบ')
      .setInputFiles({ name: 'ส่งมอบชุดยังชีพ.png', mimeType: 'image/png', buffer: samples.png });
    await page.getByText(`แนบไฟล์กับ ${number} เรียบร้อยแล้ว 1 ไฟล์`).first().waitFor();
    act = await startAction(details, 'ปิดรายการ');
    await act.getByRole('textbox', { name: 'วันที่บันทึกผล', exact: true }).fill(TODAY_BE);
    await act.getByRole('textbox', { name: 'จำนวนผู้ได้รับประโยชน์ (คน)', exact: true }).fill('11');
    await act
      .getByRole('textbox', { name: 'ผลการดำเนินงาน', exact: true })
      .fill('มอบชุดยังชีพ 11 ชุด ให้ 11 ครัวเรือน');
    await confirmAction(page, details, 'ปิดรายการ', number);
    await details.getByText('เสร็จสิ้น', { exact: true }).first().waitFor();
    const photo = details.getByRole('img', { name: 'ส่งมอบชุดยังชีพ.png' });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const shownLines = await linesOf(details);
    await screenshot(page, 'result');

    // 6. The stock card: both lots went out on this disbursement, as much as it shows delivered.
    await page.goto(`${server.url}/backoffice/view-transfer-item-to-another-storage`);
    await page.getByRole('tab', { name: 'บัตรคุมสินค้า', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'บัตรคุมสินค้า' });
    await chooseByCode(panel, 'คลัง', STORAGE.code);
    await chooseByCode(panel, 'สิ่งของ', RESOURCE.code);
    const table = await searched(panel, 'บัตรคุมสินค้า');
    // The adjustment's two lots, then this disbursement's movements.
    await expect.poll(async () => (await tableRows(table)).length, { timeout: 15_000 }).toBeGreaterThan(2);
    const card = await tableRows(table);
    // The card names its source by the document's number (its type on hover).
    const ours = card.filter((row) => row[COLUMN.source] === number);
    const outOf = (lot: string) =>
      ours
        .filter((row) => row[COLUMN.cardLot] === lot)
        .reduce((sum, row) => sum + numberIn(row[COLUMN.quantity]), 0);
    const delivered = shownLines.map((l) => numberIn(l[COLUMN.delivered]));
    expect(delivered).toEqual([6, 5]);
    expect([outOf(LOTS[0].lot), outOf(LOTS[1].lot)], JSON.stringify(card)).toEqual([
      -delivered[0],
      -delivered[1],
    ]);
    // What is left on the card is what came in less what was delivered.
    const total = LOTS.reduce((sum, lot) => sum + lot.quantity, 0);
    expect(numberIn(card.at(-1)?.[COLUMN.balance]), JSON.stringify(card.at(-1))).toBe(
      total - delivered[0] - delivered[1],
    );
    await screenshot(page, 'stock-card');

    // 7. The request's line: 12 approved, 12 disbursed, 11 delivered and reported, as above.
    const [{ id }] = await serverSql<{ id: number }>('select id from doc_support_request where number = $1', [
      requestNumber,
    ]);
    await page.goto(`${server.url}/backoffice/view-reqs-support/${id}`);
    const request = page.getByRole('dialog', { name: `${REQUEST} ${requestNumber}` });
    await request.waitFor();
    await expect
      .poll(async () =>
        (await linesOf(request)).map((l) => [
          l[COLUMN.approved],
          l[COLUMN.disbursedOnRequest],
          l[COLUMN.deliveredOnRequest],
          l[COLUMN.reportedOnRequest],
        ]),
      )
      .toEqual([['12', '12', '11', '11']]);
    const onRequest = (await linesOf(request))[0];
    expect(numberIn(onRequest[COLUMN.disbursedOnRequest])).toBe(
      shownLines.reduce((sum, l) => sum + numberIn(l[COLUMN.quantity]), 0),
    );
    expect(numberIn(onRequest[COLUMN.deliveredOnRequest])).toBe(delivered[0] + delivered[1]);
    expect(result.errors).toEqual([]);
    await result.close();
  });
});
