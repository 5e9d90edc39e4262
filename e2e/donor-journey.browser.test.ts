import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../server/src/platform/files/file-samples';
import { firstPagePng, readPdf } from '../server/src/testing/pdf-text';
import type { ReceivedMail } from '../server/src/testing/smtp-sink';
import { connectBrowser, type SharedServer, sharedMailbox, sharedServer, serverSql as sql } from './shared';
import { openAs, tick } from './ui';

// Issue 11 from end to end, in Chromium against the built server and a real SMTP server: a visitor
// reports a donation by transfer with a slip, a citizen id and a work e-mail, asking for a receipt;
// the tracking number is on screen and in the e-mail; approver2.demo (a checker, never the maker: the
// website made it) approves it from the approve-receipt-money queue, which issues the receipt; the
// donor signs up on the public site with a home e-mail (group UG-I01), activates the account from
// the mailed link, links the donation by the citizen id and the code mailed to the work e-mail,
// sees the donation, the tax year's total and downloads the receipt PDF, read back with MuPDF. The
// demo donor's donation (DN-000003) is never shown to them. The donor's name holds HTML and a script:
// the staff dialog, the donor's page, the e-mail and the PDF show it as typed, and nothing runs.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const APPROVER = 'approver2.demo';
const UNIT_CODE = 'OPS-FIN-ACC';
const DONATION = 'รับบริจาคเงิน';
const APPROVE = 'อนุมัติและออกใบเสร็จ';
const AMOUNT = { typed: '3210.50', shown: '3,210.50' };

/** A 13-digit citizen id with its mod-11 check digit. */
function citizenId(twelve: string): string {
  const sum = [...twelve].reduce((acc, digit, i) => acc + Number(digit) * (13 - i), 0);
  return `${twelve}${(11 - (sum % 11)) % 10}`;
}

const DONOR = {
  /** Typed with markup: every page, the e-mail and the PDF show these characters, none read as markup. */
  name: 'สุดา <b>ทางบุญ</b> & <script>window.pwned = 1</script>',
  firstName: 'สุดา',
  lastName: 'ทางบุญ',
  id: citizenId('390980001234'),
  /** Given with the donation: the e-mail on the donator record, where the link code goes. */
  workEmail: 'suda.work.e2e@example.com',
  /** The account's own e-mail. */
  accountEmail: 'suda.home.e2e@example.com',
  password: 'Suda-gives-2569-e2e',
};

let server: SharedServer;
let browser: Browser;
let trackingNumber = '';
const unit = { provinceNameTh: '', nameTh: '', accountNumber: '' };

/** The first mail to `to` whose subject contains `subject`, waiting for it to arrive. */
async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await sharedMailbox().waitFor(to)).find((mail) => mail.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}" within 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `donor-journey-${name}.png`), fullPage: true });
}

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

describe('a donor’s journey: donate by transfer, approval, account, history and receipt', () => {
  it('from the transfer form to the receipt PDF in the donor’s own history, and nobody else’s', async () => {
    // 1. The visitor reports the transfer with a slip, a citizen id and an e-mail, asking for a receipt.
    const visitor = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/donate-money-by-bank-transfer`);
    await page.getByRole('heading', { level: 1, name: 'บริจาคเงินผ่านการโอนเงิน' }).waitFor();
    await page.getByRole('combobox', { name: 'จังหวัด' }).selectOption({ label: unit.provinceNameTh });
    await page.getByRole('combobox', { name: /^หน่วยงานที่รับบริจาค/ }).selectOption({ label: unit.nameTh });
    // The unit's account, its number copied with one press.
    const accounts = page.getByRole('group', { name: 'บัญชีที่ท่านโอนเข้า' });
    await accounts.getByText(unit.accountNumber, { exact: true }).waitFor();
    await accounts
      .getByRole('button', { name: new RegExp(`^คัดลอกเลขบัญชี .* ${unit.accountNumber}$`) })
      .click();
    await page.getByText(`คัดลอกเลขบัญชี ${unit.accountNumber} แล้ว`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(unit.accountNumber);
    await page.getByRole('textbox', { name: /^จำนวนเงิน/ }).fill(AMOUNT.typed);
    // The PromptPay QR for the amount is drawn: an SVG image with its size, not a broken image.
    const qr = page.getByRole('img', {
      name: new RegExp(`^QR พร้อมเพย์ สำหรับโอน ${AMOUNT.shown.replace('.', '\\.')} บาท`),
    });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await tick(page, page.getByRole('radio', { name: 'พร้อมเพย์' }));
    await page.getByLabel('ไฟล์สลิป (รูปภาพหรือ PDF ไม่เกิน 2 MB)').setInputFiles({
      name: 'slip-suda.png',
      mimeType: 'image/png',
      buffer: samples.png,
    });
    await page.getByRole('textbox', { name: /^ชื่อ-นามสกุล/ }).fill(DONOR.name);
    await page.getByRole('textbox', { name: /^เลขประจำตัวประชาชน/ }).fill(DONOR.id);
    await page.getByRole('textbox', { name: /^อีเมล/ }).fill(DONOR.workEmail);
    await tick(page, page.getByRole('radio', { name: 'ต้องการ ส่งทางอีเมล' }));
    await tick(page, page.getByRole('checkbox', { name: /^ข้าพเจ้ายินยอม/ }));
    await page.getByRole('button', { name: 'ส่งข้อมูลการบริจาค' }).click();
    const shown = page.getByTestId('tracking-number');
    await shown.waitFor();
    trackingNumber = (await shown.textContent()) ?? '';
    expect(trackingNumber).toMatch(/^DM-\d{4}-\d{6}$/);
    await page.getByText(`เราส่งเลขที่ติดตามไปที่ ${DONOR.workEmail} แล้ว`).waitFor();
    const tracking = await mailTo(DONOR.workEmail, trackingNumber);
    expect(tracking.text).toContain(`${AMOUNT.shown} บาท`);
    expect(tracking.text).toContain(`เรียน ${DONOR.name}`);
    expect(tracking.text).toContain(`/signup?email=${encodeURIComponent(DONOR.workEmail)}`);
    expect(errors).toEqual([]);
    await visitor.close();

    // 2. A checker approves it from the queue, with the slip in view: the receipt is issued.
    const staff = await openAs(browser, server.url, APPROVER, '/backoffice/approve-receipt-money');
    const row = staff.page
      .getByRole('table', { name: DONATION, exact: true })
      .getByRole('row')
      .filter({ hasText: trackingNumber });
    await row.getByText('ผู้บริจาคแจ้งโอนทางเว็บไซต์').waitFor();
    await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
    const details = staff.page.getByRole('dialog', { name: `${DONATION} ${trackingNumber}` });
    await details.getByRole('region', { name: 'ไฟล์แนบ' }).getByText('slip-suda.png').waitFor();
    await details.getByText(DONOR.name).first().waitFor();
    expect(await details.locator('b, script').count()).toBe(0);
    expect(await staff.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await details
      .getByRole('group', { name: 'การดำเนินการ' })
      .getByRole('button', { name: APPROVE, exact: true })
      .click();
    await details.getByRole('button', { name: `ยืนยัน${APPROVE}`, exact: true }).click();
    await staff.page.getByText(`${APPROVE} ${trackingNumber} เรียบร้อยแล้ว`).first().waitFor();
    const receiptRegion = details.getByRole('region', { name: 'ใบเสร็จรับเงิน' });
    await receiptRegion.waitFor();
    const receiptNumber = /\d{4}\/\d{6}/.exec((await receiptRegion.textContent()) ?? '')?.[0] ?? '';
    expect(receiptNumber).not.toBe('');
    expect(staff.errors).toEqual([]);
    await staff.close();

    // 3. The donor signs up with another e-mail and activates the account from the mailed link.
    const donor = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
    });
    const own = await donor.newPage();
    own.on('pageerror', (error) => errors.push(error.message));
    await own.goto(`${server.url}/signup`);
    await own.getByRole('heading', { level: 1, name: 'สมัครสมาชิกผู้บริจาค' }).waitFor();
    await own.getByLabel(/^อีเมล/).fill(DONOR.accountEmail);
    await own.getByLabel(/^รหัสผ่าน/).fill(DONOR.password);
    await own.getByLabel(/^ยืนยันรหัสผ่าน/).fill(DONOR.password);
    await own.getByLabel(/^ชื่อ/).fill(DONOR.firstName);
    await own.getByLabel(/^นามสกุล/).fill(DONOR.lastName);
    await own.getByText(/^ข้าพเจ้ายินยอม/).click();
    await own.getByRole('button', { name: 'สมัครสมาชิก', exact: true }).click();
    await own.getByText('กรุณาตรวจสอบอีเมลของท่าน').waitFor();
    const [activation] = await sharedMailbox().waitFor(DONOR.accountEmail);
    const link = /https?:\/\/\S+\/activate\?\S+/.exec(activation?.text ?? '')?.[0];
    if (!link) throw new Error(`no activation link in: ${activation?.text}`);
    const { pathname, search } = new URL(link);
    await own.goto(`${server.url}${pathname}${search}`);
    await own.getByText('เปิดใช้งานบัญชีเรียบร้อยแล้ว').waitFor();
    const [account] = await sql<{ group: string; kind: string }>(
      'select user_group_code as "group", kind from app_user where email = $1',
      [DONOR.accountEmail],
    );
    expect(account).toEqual({ group: 'UG-I01', kind: 'DONOR' });
    await own.goto(`${server.url}/login`);
    await own.getByLabel(/^อีเมล/).fill(DONOR.accountEmail);
    await own.getByLabel(/^รหัสผ่าน/).fill(DONOR.password);
    await own.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    await own.getByRole('heading', { level: 1, name: 'ประวัติการบริจาค' }).waitFor();
    const donations = own.getByTestId('donor-donations');
    await donations.getByText('ยังไม่มีรายการบริจาค', { exact: true }).waitFor();

    // 4. Linking: the citizen id, then the code mailed to the e-mail given with the donation.
    const linkForm = own.getByTestId('donor-link-form');
    await linkForm.getByLabel(/^เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี/).fill(DONOR.id);
    await linkForm.getByRole('button', { name: 'เชื่อมประวัติการบริจาค', exact: true }).click();
    const codeMail = await mailTo(DONOR.workEmail, 'รหัสยืนยันการเชื่อมประวัติการบริจาค');
    const code = /รหัสยืนยัน: (\d{6})/.exec(codeMail.text)?.[1];
    if (!code) throw new Error(`no code in: ${codeMail.text}`);
    // The code went to the donation's e-mail only, never to the account's.
    expect(
      (await sharedMailbox().waitFor(DONOR.accountEmail)).some((m) => m.subject.includes('รหัสยืนยันการเชื่อม')),
    ).toBe(false);
    await linkForm.getByLabel(/^รหัสยืนยัน 6 หลัก/).fill(code);
    await linkForm.getByRole('button', { name: 'ยืนยันรหัส', exact: true }).click();

    // 5. The donation, the tax year's total and the receipt.
    const card = own.getByTestId(`donor-donation-${trackingNumber}`);
    await card.waitFor();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain(AMOUNT.shown);
    expect(cardText).toContain(DONOR.name);
    expect(cardText).toContain(receiptNumber);
    expect(await card.locator('b, script').count()).toBe(0);
    expect(await own.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    // The tax year is the calendar year of the receipt's date (today, Bangkok), not the fiscal year
    // its number carries.
    const yearBE =
      Number(
        new Intl.DateTimeFormat('en', { timeZone: 'Asia/Bangkok', year: 'numeric' }).format(new Date()),
      ) + 543;
    const taxYear = own.getByTestId('tax-year-totals').getByTestId(`tax-year-${yearBE}`);
    await taxYear.waitFor();
    expect(await taxYear.textContent()).toContain(AMOUNT.shown);
    await screenshot(own, 'history');

    const [download] = await Promise.all([
      own.waitForEvent('download'),
      own.getByTestId(`receipt-download-${receiptNumber}`).click(),
    ]);
    const bytes = await buffer(await download.createReadStream());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    writeFileSync(join(artifacts, 'donor-journey-receipt.pdf'), bytes);
    writeFileSync(join(artifacts, 'donor-journey-receipt-pdf.png'), firstPagePng(bytes));
    const pdf = readPdf(bytes).text.join('\n');
    expect(pdf).toContain(receiptNumber);
    expect(pdf).toContain(AMOUNT.shown);
    expect(pdf).toContain(DONOR.name);

    // 6. Another donor's donation (the demo donor's, DN-000003) is not on the page.
    const [foreign] = await sql<{ number: string; receipt: string }>(
      `select d.number, r.number as receipt from doc_money_donation d
         join ref_donator p on p.id = d.donor_id
         join donation_receipt r on r.document_type = 'MONEY_DONATION' and r.document_id = d.id
        where p.code = 'DN-000003' order by d.id limit 1`,
    );
    expect(foreign?.number).toMatch(/^DM-/);
    const page_ = (await own.getByRole('main').textContent()) ?? '';
    expect(page_).not.toContain(foreign?.number);
    expect(page_).not.toContain(foreign?.receipt);
    expect(await own.getByTestId(`donor-donation-${foreign?.number}`).count()).toBe(0);
    expect(await own.getByTestId('donor-donations').locator('li').count()).toBe(1);
    expect(errors).toEqual([]);
    await donor.close();
  }, 180_000);
});
