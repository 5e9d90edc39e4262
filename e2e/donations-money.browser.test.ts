import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPagePng, readPdf } from '../server/src/testing/pdf-text';
import { connectBrowser, demoLogin, idOf, type SharedServer, saveItem, sharedServer } from './shared';
import { chooseByCode, openAs as openUiAs } from './ui';

// A money donation in Chromium, through every step, by the people whose work each step is: the
// Bueng Kan officer records a transfer into an account of the division made for this file,
// approver1.demo approves it from the approval queue (maker-checker: the officer may not), the
// officer downloads the receipt PDF from the print screen (read back with MuPDF: number, donor,
// amount in Thai words), then voids the receipt on the cancel-receipt screen: the screen shows it
// void, and the next PDF says ยกเลิก / VOID and สำเนา / COPY. Then the officer prints the demo goods
// donation's evidence of receipt from print-donate-resource.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = 'admin.demo';
const OFFICER = 'officer.demo';
const APPROVER = 'approver1.demo';
const UNIT = 'OPS-P38-SDW';
const ACCOUNT = { code: 'E2E-DM-ACC', nameTh: 'บัญชีทดสอบรับบริจาคเงิน' };
const DONOR = { code: 'DN-000001', name: 'บริษัท ตัวอย่างใจดี จำกัด' };
const DONATION = 'รับบริจาคเงิน';
const AMOUNT = { typed: '2500.75', shown: '2,500.75', words: 'สองพันห้าร้อยบาทเจ็ดสิบห้าสตางค์' };
const VOID_REASON = 'ธนาคารแจ้งว่ารายการโอนไม่สำเร็จ';
const GOODS = 'รายการรับบริจาคสิ่งของ';

let server: SharedServer;
let browser: Browser;
let adminToken = '';
let donationNumber = '';
let receiptNumber = '';

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  adminToken = await demoLogin(ADMIN);
  // A money account of the officer's division that nothing else in the run posts to.
  await saveItem(adminToken, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(adminToken, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '5550001111',
  });
});

afterAll(async () => {
  await browser?.close();
});

const openAs = (username: string, path: string) => openUiAs(browser, server.url, username, path);

/** Opens a document's details from the list on the current screen. */
async function openDetails(page: Page, label: string, number: string): Promise<Locator> {
  const row = page
    .getByRole('table', { name: label, exact: true })
    .getByRole('row')
    .filter({ hasText: number });
  await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
  const details = page.getByRole('dialog', { name: `${label} ${number}` });
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

/** Downloads the PDF offered in a receipt section, as the browser saved it; returns its name and text. */
async function downloadPdf(page: Page, section: Locator, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'ดาวน์โหลด PDF', exact: true }).click(),
  ]);
  // A browser reached over the network keeps its downloads: read through the connection.
  const bytes = await buffer(await download.createReadStream());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  writeFileSync(join(artifacts, `donations-money-${name}.pdf`), bytes);
  writeFileSync(join(artifacts, `donations-money-${name}-pdf.png`), firstPagePng(bytes));
  const read = readPdf(bytes);
  return { fileName: download.suggestedFilename(), pages: read.pages, text: read.text.join('\n') };
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `donations-money-${name}.png`), fullPage: true });
}

describe('a money donation in Chromium against the built server', () => {
  it('the officer records a transfer; the officer may not approve it', async () => {
    const { page, errors, close } = await openAs(OFFICER, '/backoffice/add-donate-money');
    await page.getByRole('button', { name: `สร้าง${DONATION}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `สร้าง${DONATION}` });
    await chooseByCode(form, 'ผู้บริจาค', DONOR.code);
    // The date in the Buddhist era: 20 November 2026.
    await form.getByRole('textbox', { name: 'วันที่รับเงิน', exact: true }).fill('20/11/2569');
    await form.getByRole('textbox', { name: 'จำนวนเงิน (บาท)', exact: true }).fill(AMOUNT.typed);
    await form.getByRole('combobox', { name: 'ประเภทการรับเงิน', exact: true }).selectOption('TRANSFER');
    await form.getByRole('combobox', { name: 'ธนาคาร', exact: true }).selectOption('006');
    await form.getByRole('textbox', { name: 'เลขที่เช็คหรือเลขอ้างอิงการโอน', exact: true }).fill('E2E-TRF-0001');
    await chooseByCode(form, 'บัญชีที่รับเงิน', ACCOUNT.code);
    await form.getByRole('combobox', { name: 'วัตถุประสงค์', exact: true }).selectOption('DISASTER_FLOOD');
    await form
      .getByRole('textbox', { name: 'รายละเอียดวัตถุประสงค์', exact: true })
      .fill('ช่วยเหลือผู้ประสบอุทกภัยจังหวัดบึงกาฬ');
    await screenshot(page, 'form');
    await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    const saved = page.getByText(/^บันทึก DM-\d{4}-\d{6} เรียบร้อยแล้ว$/).first();
    donationNumber = /DM-\d{4}-\d{6}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
    expect(donationNumber).toMatch(/^DM-25\d\d-\d{6}$/);

    const details = await openDetails(page, DONATION, donationNumber);
    await details.getByText('รอตรวจสอบ', { exact: true }).first().waitFor();
    expect(await details.textContent()).toContain(AMOUNT.shown);
    // No receipt before approval, and no way for the maker to approve it here.
    expect(await details.getByRole('region', { name: 'ใบเสร็จรับเงิน' }).count()).toBe(0);
    expect(await actionButton(details, 'อนุมัติและออกใบเสร็จ').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  it('approver 1 approves it from the queue: the receipt is issued', async () => {
    expect(donationNumber, 'the first test recorded a donation').not.toBe('');
    const { page, errors, close } = await openAs(APPROVER, '/backoffice/approve-receipt-money');
    const details = await openDetails(page, DONATION, donationNumber);
    await act(page, details, 'อนุมัติและออกใบเสร็จ');
    await details.getByText('อนุมัติและออกใบเสร็จแล้ว', { exact: true }).first().waitFor();
    const receipt = details.getByRole('region', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    const text = (await receipt.textContent()) ?? '';
    receiptNumber = /25\d\d\/\d{6}/.exec(text)?.[0] ?? '';
    expect(receiptNumber).not.toBe('');
    expect(text).toContain('ใช้งาน');
    expect(text).toContain(AMOUNT.words);
    await screenshot(page, 'approved');
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it('the officer downloads the receipt PDF, voids the receipt, and the screen and the next PDF say void', async () => {
    expect(receiptNumber, 'the second test approved the donation').not.toBe('');
    const { page, errors, close } = await openAs(OFFICER, '/backoffice/print-donate-money');
    let details = await openDetails(page, DONATION, donationNumber);
    let receipt = details.getByRole('region', { name: 'ใบเสร็จรับเงิน' });
    const original = await downloadPdf(page, receipt, 'receipt');
    expect(original.fileName).toBe(`ใบเสร็จรับเงิน-${receiptNumber.replace('/', '-')}.pdf`);
    expect(original.pages).toBe(1);
    expect(original.text).toContain('ใบเสร็จรับเงิน');
    expect(original.text).toContain(receiptNumber);
    expect(original.text).toContain(DONOR.name);
    expect(original.text).toContain(AMOUNT.shown);
    expect(original.text).toContain(AMOUNT.words);
    expect(original.text).not.toContain('VOID');
    expect(original.text).not.toContain('COPY');
    // Loaded again after the print: the next one will be a copy.
    await receipt.getByText(/ฉบับที่พิมพ์ต่อจากนี้จะมีคำว่า "สำเนา"/).waitFor();
    await details.getByRole('button', { name: 'ปิด', exact: true }).first().click();

    await page.goto(`${server.url}/backoffice/cancle-receipt-money`);
    details = await openDetails(page, DONATION, donationNumber);
    await act(page, details, 'ยกเลิกใบเสร็จ', VOID_REASON);
    await details.getByText('ยกเลิก', { exact: true }).first().waitFor();
    receipt = details.getByRole('region', { name: 'ใบเสร็จรับเงิน' });
    await receipt.getByText('ยกเลิกแล้ว', { exact: true }).waitFor();
    const shown = (await receipt.textContent()) ?? '';
    expect(shown).toContain(receiptNumber);
    expect(shown).toContain(VOID_REASON);
    await screenshot(page, 'void');

    const voided = await downloadPdf(page, receipt, 'receipt-void');
    expect(voided.fileName).toBe(`ใบเสร็จรับเงิน-${receiptNumber.replace('/', '-')}-สำเนา.pdf`);
    expect(voided.pages).toBe(1);
    expect(voided.text).toContain(receiptNumber);
    expect(voided.text).toContain('ยกเลิก / VOID');
    expect(voided.text).toContain('สำเนา / COPY');
    expect(voided.text).toContain(VOID_REASON);
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  it('the officer prints the demo goods donation’s evidence of receipt from print-donate-resource', async () => {
    // The demo donation in stock: 95 of 100 blankets accepted at 180.00 baht (goods-donation.seed.ts).
    const { documents } = await server.graphql<{
      documents: { items: { number: string; status: string; remark: string | null }[] };
    }>('{ documents(type: GOODS_DONATION, rows: 100) { items { number status remark } } }', {}, adminToken);
    const demo = documents.items.find((d) => d.status === 'APPROVED_2' && d.remark?.includes('ข้อมูลตัวอย่าง'));
    if (!demo) throw new Error('the demo goods donation in stock is missing');
    donationNumber = demo.number;

    const { page, errors, close } = await openAs(OFFICER, '/backoffice/print-donate-resource');
    const details = await openDetails(page, GOODS, demo.number);
    const evidence = details.getByRole('region', { name: 'หลักฐานการรับบริจาคสิ่งของ' });
    await evidence.waitFor();
    const number = /G25\d\d\/\d{6}/.exec((await evidence.textContent()) ?? '')?.[0] ?? '';
    expect(number).not.toBe('');
    const printed = await downloadPdf(page, evidence, 'goods-evidence');
    expect(printed.fileName).toMatch(
      new RegExp(`^หลักฐานการรับบริจาคสิ่งของ-${number.replace('/', '-')}(-สำเนา)?\\.pdf$`),
    );
    expect(printed.pages).toBe(1);
    expect(printed.text).toContain('หลักฐานการรับบริจาคสิ่งของ');
    expect(printed.text).toContain(number);
    expect(printed.text).toContain(DONOR.name);
    expect(printed.text).toContain('ผ้าห่ม');
    expect(printed.text).toContain('17,100.00');
    expect(printed.text).toContain('หนึ่งหมื่นเจ็ดพันหนึ่งร้อยบาทถ้วน');
    await screenshot(page, 'goods-evidence');
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
