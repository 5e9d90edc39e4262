import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../server/src/platform/files/file-samples';
import { connectBrowser, type SharedServer, sharedMailbox, sharedServer } from './shared';
import { openAs, tick } from './ui';

// Issue 11, item 1, in Chromium against the built server: a visitor on a phone reports a donation by
// transfer (the central office's account, its PromptPay QR for the amount, the account number copied,
// a slip attached), gets a tracking number on screen and by e-mail; approver2.demo finds it in the
// approve-receipt-money queue marked as reported on the website, with the slip, and approves it,
// which issues its receipt. The receipt's PDF is read in money-donation.test.ts.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const APPROVER = 'approver2.demo';
const UNIT_CODE = 'OPS-FIN-ACC';
const DONOR = { name: 'วันดี มีน้ำใจ', id: '1909800012346', email: 'wandee.e2e@example.com' };
const DONATION = 'รับบริจาคเงิน';
const APPROVE = 'อนุมัติและออกใบเสร็จ';

let server: SharedServer;
let browser: Browser;
let trackingNumber = '';
const unit = { provinceNameTh: '', nameTh: '', accountNumber: '' };

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  const { donationReceivingUnits } = await server.graphql<{
    donationReceivingUnits: {
      provinceNameTh: string;
      units: { code: string; nameTh: string; accounts: { accountNumber: string }[] }[];
    }[];
  }>('{ donationReceivingUnits { provinceNameTh units { code nameTh accounts { accountNumber } } } }');
  for (const province of donationReceivingUnits)
    for (const candidate of province.units)
      if (candidate.code === UNIT_CODE)
        Object.assign(unit, {
          provinceNameTh: province.provinceNameTh,
          nameTh: candidate.nameTh,
          accountNumber: candidate.accounts[0]?.accountNumber,
        });
  if (!unit.nameTh) throw new Error(`demo unit ${UNIT_CODE} takes no donations`);
});

afterAll(async () => {
  await browser?.close();
});

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `donate-transfer-${name}.png`), fullPage: true });
}

describe('a donation by bank transfer, from the visitor to the staff approval', () => {
  it('a visitor on a phone reports the transfer with a slip and gets a tracking number, also by e-mail', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/donate-money-by-bank-transfer`);
    await page.getByRole('heading', { level: 1, name: 'บริจาคเงินผ่านการโอนเงิน' }).waitFor();

    await page.getByRole('combobox', { name: 'จังหวัด' }).selectOption({ label: unit.provinceNameTh });
    await page.getByRole('combobox', { name: /^หน่วยงานที่รับบริจาค/ }).selectOption({ label: unit.nameTh });
    const accounts = page.getByRole('group', { name: 'บัญชีที่ท่านโอนเข้า' });
    await accounts.getByText(unit.accountNumber, { exact: true }).waitFor();
    await accounts
      .getByRole('button', { name: new RegExp(`^คัดลอกเลขบัญชี .* ${unit.accountNumber}$`) })
      .click();
    await page.getByText(`คัดลอกเลขบัญชี ${unit.accountNumber} แล้ว`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(unit.accountNumber);

    await page.getByRole('textbox', { name: /^จำนวนเงิน/ }).fill('2500.75');
    const qr = page.getByRole('img', { name: /^QR พร้อมเพย์ สำหรับโอน 2,500\.75 บาท/ });
    await qr.waitFor();
    // The QR is drawn: an SVG image with its size, not a broken image.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await tick(page, page.getByRole('radio', { name: 'พร้อมเพย์' }));
    await page.getByLabel('ไฟล์สลิป (รูปภาพหรือ PDF ไม่เกิน 2 MB)').setInputFiles({
      name: 'สลิปโอนเงิน.png',
      mimeType: 'image/png',
      buffer: samples.png,
    });
    await page.getByRole('textbox', { name: /^ชื่อ-นามสกุล/ }).fill(DONOR.name);
    await page.getByRole('textbox', { name: /^เลขประจำตัวประชาชน/ }).fill(DONOR.id);
    await page.getByRole('textbox', { name: /^อีเมล/ }).fill(DONOR.email);
    await tick(page, page.getByRole('checkbox', { name: /^ข้าพเจ้ายินยอม/ }));
    await screenshot(page, 'form');
    await page.getByRole('button', { name: 'ส่งข้อมูลการบริจาค' }).click();

    const shown = page.getByTestId('tracking-number');
    await shown.waitFor();
    trackingNumber = (await shown.textContent()) ?? '';
    expect(trackingNumber).toMatch(/^DM-\d{4}-\d{6}$/);
    await page.getByText(`เราส่งเลขที่ติดตามไปที่ ${DONOR.email} แล้ว`).waitFor();
    await screenshot(page, 'done');

    const [mail] = await sharedMailbox().waitFor(DONOR.email);
    expect(mail.subject).toContain(trackingNumber);
    expect(mail.text).toContain('2,500.75 บาท');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('approver 2 finds it in the queue with the slip and the website marker, and approves it', async () => {
    expect(trackingNumber, 'the first test reported a donation').not.toBe('');
    const { page, errors, close } = await openAs(
      browser,
      server.url,
      APPROVER,
      '/backoffice/approve-receipt-money',
    );
    const row = page
      .getByRole('table', { name: DONATION, exact: true })
      .getByRole('row')
      .filter({ hasText: trackingNumber });
    await row.getByText('ผู้บริจาคแจ้งโอนทางเว็บไซต์').waitFor();
    await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
    const details = page.getByRole('dialog', { name: `${DONATION} ${trackingNumber}` });
    await details.waitFor();
    await details.getByText(DONOR.name).first().waitFor();
    await details.getByText('2,500.75').first().waitFor();
    await details.getByRole('region', { name: 'ไฟล์แนบ' }).getByText('สลิปโอนเงิน.png').waitFor();
    await details.getByText('ผู้บริจาคผ่านเว็บไซต์ (Public website)').first().waitFor();

    await details
      .getByRole('group', { name: 'การดำเนินการ' })
      .getByRole('button', { name: APPROVE, exact: true })
      .click();
    await details.getByRole('button', { name: `ยืนยัน${APPROVE}`, exact: true }).click();
    await page.getByText(`${APPROVE} ${trackingNumber} เรียบร้อยแล้ว`).first().waitFor();
    await details.getByText('อนุมัติและออกใบเสร็จแล้ว', { exact: true }).first().waitFor();
    await screenshot(page, 'approved');
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});
