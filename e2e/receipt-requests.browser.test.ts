import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bangkokToday, formatBE } from '@namjai/common/calendar';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../server/src/platform/files/file-samples';
import {
  connectBrowser,
  demoLogin,
  idOf,
  type SharedServer,
  saveItem,
  sharedMailbox,
  sharedServer,
} from './shared';
import { openAs, tableRows } from './ui';

// A visitor's request for a money receipt, from the public form to the member of staff who issues
// it: the visitor sends the form with a transfer slip and gets a tracking number; the Bueng Kan
// officer takes the request in on MN-053, links it to the donation (recorded and approved by two
// other people through the API, as their own screens are tested elsewhere), issues it; the
// requester's three e-mails are read from the run's SMTP sink, and the public status page says
// it was issued. The file works on an account and a donor of its own in OPS-P38-SDW.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const UNIT = 'OPS-P38-SDW';
const ACCOUNT = { code: 'E2E-RR-ACCOUNT', nameTh: 'บัญชีทดสอบคำขอใบเสร็จ บึงกาฬ' };
const EMAIL = 'e2e.receipt.money@example.com';
/** A name with markup in it: the e-mails carry it as typed. */
const NAME = 'ทดสอบ <b>ขอใบเสร็จ</b>';
const AMOUNT = '1234.50';
const QUEUE = '/backoffice/reqs-receipt-donation-resouce';

/** A 13-digit id with its check digit. */
function validId(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (13 - i);
  return `${twelve}${(11 - (sum % 11)) % 10}`;
}
const TAX_ID = validId('390100077123');

/** Today in Bangkok: ISO for the API, dd/mm/yyyy with a Buddhist-era year for people. */
const TODAY = bangkokToday();
const TODAY_BE = formatBE(new Date());

let server: SharedServer;
let browser: Browser;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let unit: { nameTh: string; provinceNameTh: string | null };

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  // The maker and the checker of the donation; the officer works in the browser.
  tokens.admin = await demoLogin('admin.demo');
  tokens.approver = await demoLogin('approver1.demo');
  await saveItem(tokens.admin, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(tokens.admin, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '1122334455',
  });
  ids.account = await idOf(tokens.admin, 'MONEY_ACCOUNT', ACCOUNT.code);
  ids.donor = await saveItem(tokens.admin, 'DONATOR', '', {
    donorType: 'PERSON',
    nameTh: 'ทดสอบ ขอใบเสร็จ',
    taxId: TAX_ID,
  });
  const { receiptRequestUnits } = await server.graphql<{
    receiptRequestUnits: { code: string; nameTh: string; provinceNameTh: string | null }[];
  }>('{ receiptRequestUnits(kind: MONEY) { code nameTh provinceNameTh } }');
  const found = receiptRequestUnits.find((candidate) => candidate.code === UNIT);
  if (!found) throw new Error(`${UNIT} does not receive money`);
  unit = found;
});

afterAll(async () => {
  await browser?.close();
});

describe('a money receipt request, from a visitor to the officer who issues it', () => {
  let tracking = '';
  let donation = { id: 0, number: '' };

  it('is sent by a visitor with the slip, who gets a tracking number on screen and by e-mail', async () => {
    const context = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/reqs-receipt-donation-money`);
    await page.getByRole('heading', { level: 1, name: 'ขอใบเสร็จรับเงินบริจาค' }).waitFor();
    await page.getByLabel(/^ชื่อ-นามสกุล/).fill(NAME);
    await page.getByLabel(/^เลขประจำตัวประชาชน/).fill(TAX_ID);
    await page.getByLabel(/^โทรศัพท์/).fill('081 234 5678');
    await page.getByLabel(/^อีเมล/).fill(EMAIL);
    await page
      .getByRole('combobox', { name: /^จังหวัดของหน่วยงาน/ })
      .selectOption({ label: unit.provinceNameTh ?? 'ส่วนกลาง (กรุงเทพมหานคร)' });
    await page.getByRole('combobox', { name: /^หน่วยงานที่รับบริจาค/ }).selectOption({ label: unit.nameTh });
    await page.getByLabel(/^วันที่บริจาค/).fill(TODAY_BE);
    await page.getByLabel(/^จำนวนเงิน/).fill(AMOUNT);
    await page
      .getByLabel(/^หลักฐานการบริจาค/)
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: samples.png });
    await page.getByText(/^ข้าพเจ้ายินยอมให้ใช้ข้อมูลส่วนบุคคล/).click();
    await page.getByRole('button', { name: 'ส่งคำขอ' }).click();
    tracking = (await page.getByTestId('tracking-number').textContent({ timeout: 15_000 })) ?? '';
    expect(tracking).toMatch(/^RR-\d{4}-\d{6}$/);
    await page.screenshot({ path: join(artifacts, 'receipt-request-sent.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    const [mail] = await sharedMailbox().waitFor(EMAIL, 1);
    expect(mail.subject).toBe(
      `ได้รับคำขอหลักฐานการบริจาค เลขที่ติดตาม ${tracking} / Receipt request received, tracking number ${tracking}`,
    );
    expect(mail.text.split('\n')[0]).toBe(`เรียน ${NAME}`);
    expect(mail.text).toContain('จำนวนเงิน: 1,234.50 บาท');
    expect(mail.text).toContain(`/reqs-receipt-status?number=${tracking}`);
  });

  it('is taken in, linked to its donation and issued by the officer, with an e-mail at each step', async () => {
    // The donation the visitor speaks of: recorded by one person, approved (receipt issued) by another.
    const { createDocument } = await server.graphql<{ createDocument: { id: number; number: string } }>(
      'mutation ($input: DocumentInput!) { createDocument(type: MONEY_DONATION, input: $input) { id number } }',
      {
        input: {
          header: {
            donor: ids.donor,
            donatedOn: TODAY,
            amount: AMOUNT,
            transferType: 'CASH',
            moneyAccount: ids.account,
            objective: 'GENERAL',
          },
        },
      },
      tokens.admin,
    );
    donation = createDocument;
    await server.graphql(
      'mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: MONEY_DONATION, id: $id, input: $input) { id } }',
      { id: donation.id, input: { action: 'APPROVE', version: 1 } },
      tokens.approver,
    );

    const { page, errors, close } = await openAs(browser, server.url, 'officer.demo', QUEUE);
    const table = page.getByRole('table', { name: 'คำขอหลักฐานการรับบริจาคสิ่งของ' });
    await table.getByRole('button', { name: tracking }).waitFor({ timeout: 15_000 });
    const row = (await tableRows(table)).find((r) => r.เลขที่ติดตาม === tracking);
    expect(row?.สถานะ).toBe('ยื่นคำขอแล้ว');
    expect(row?.ชื่อผู้ขอ).toBe(NAME);
    await table.getByRole('button', { name: tracking }).click();

    const details = page.getByRole('dialog', { name: `คำขอหลักฐานการบริจาค ${tracking}` });
    await details.getByText('slip.png').waitFor();
    await details.getByRole('button', { name: 'รับเรื่อง', exact: true }).click();
    await details.getByText('กำลังดำเนินการ', { exact: true }).first().waitFor();
    await sharedMailbox().waitFor(EMAIL, 2);

    // The donation is offered because its donor has the requester's id.
    await details.getByRole('button', { name: `เชื่อมกับรายการ ${donation.number}` }).click();
    const linked = details.getByRole('heading', { name: 'รายการรับบริจาคที่เชื่อมไว้' });
    await linked.waitFor();
    await details.getByText('เลขประจำตัวตรงกับผู้ขอ').first().waitFor();
    await details.getByRole('button', { name: 'ออกหลักฐาน', exact: true }).click();
    await details.getByText('ออกหลักฐานแล้ว', { exact: true }).first().waitFor();
    // Nothing more to do: the actions are gone.
    expect(await details.getByRole('button', { name: 'ไม่อนุมัติ', exact: true }).count()).toBe(0);
    const history = details.getByRole('list', { name: 'ประวัติการดำเนินการ' });
    await expect(history.getByRole('listitem').allTextContents()).resolves.toHaveLength(4);
    await page.screenshot({ path: join(artifacts, 'receipt-request-issued.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();

    const mails = await sharedMailbox().waitFor(EMAIL, 3);
    expect(mails[1].subject).toContain('เจ้าหน้าที่รับเรื่องคำขอแล้ว');
    expect(mails[2].subject).toContain('ออกใบเสร็จรับเงินบริจาคแล้ว');
    const receipt = /ใบเสร็จรับเงินเลขที่: (\d{4}\/\d{6})/.exec(mails[2].text)?.[1];
    expect(receipt).toBeTruthy();
    expect(mails[2].text).toContain(`รายการรับเงินบริจาค: ${donation.number}`);
    expect(mails[2].text).toContain(`Receipt number: ${receipt}`);
  });

  it('shows the visitor that it was issued on the status page, by tracking number and e-mail', async () => {
    const context = await browser.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    const page = await context.newPage();
    await page.goto(`${server.url}/reqs-receipt-status?number=${tracking}`);
    await page.getByLabel(/^อีเมล/).fill('someone.else@example.com');
    await page.getByRole('button', { name: 'ตรวจสอบสถานะ' }).click();
    await page.getByText('ไม่พบคำขอตามเลขที่ติดตามและอีเมลที่ระบุ กรุณาตรวจสอบอีกครั้ง').waitFor();
    await page.getByLabel(/^อีเมล/).fill(EMAIL);
    await page.getByRole('button', { name: 'ตรวจสอบสถานะ' }).click();
    const result = page.getByRole('region', { name: 'สถานะคำขอ' });
    await result.getByText('ออกหลักฐานแล้ว', { exact: true }).first().waitFor();
    expect(await result.textContent()).toContain(unit.nameTh);
    expect(await result.textContent()).not.toContain(NAME);
    await context.close();
  });
});
