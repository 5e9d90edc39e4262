import { bangkokToday } from '@namjai/common/calendar';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../server/src/testing/pdf-text';
import {
  actOnDocument,
  connectBrowser,
  createDocument,
  demoLogin,
  idOf,
  type SharedServer,
  saveItem,
  sharedServer,
} from './shared';
import { downloadOf, openAs, screenshot, tableRows } from './ui';

// The thanks-letter list (view-thanks-letter-list, MN-148) as the executive, who holds it: a money
// donation of this file, approved, is found by its number; its letter downloads as a PDF naming the
// donor, and the list then counts one print.

const EXECUTIVE = 'executive.demo';
const UNIT = 'OPS-P38-SDW';
const ACCOUNT = { code: 'E2E-TL-ACC', nameTh: 'บัญชีทดสอบหนังสือขอบคุณ' };
const DONOR = { code: 'DN-000001', name: 'บริษัท ตัวอย่างใจดี จำกัด' };
const AMOUNT = { typed: '7777.00', shown: '7,777.00' };
/** Today in Bangkok, yyyy-mm-dd. */
const TODAY = bangkokToday();

let server: SharedServer;
let browser: Browser;
let number = '';

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
  const admin = await demoLogin('admin.demo');
  const account = await saveItem(admin, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(admin, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '5550006666',
  });
  const doc = await createDocument(await demoLogin('officer.demo'), 'MONEY_DONATION', {
    header: {
      donor: await idOf(admin, 'DONATOR', DONOR.code),
      donatedOn: TODAY,
      amount: AMOUNT.typed,
      transferType: 'CASH',
      moneyAccount: account,
      objective: 'GENERAL',
    },
  });
  await actOnDocument(await demoLogin('approver1.demo'), 'MONEY_DONATION', doc, { action: 'APPROVE' });
  number = doc.number;
});

afterAll(async () => {
  await browser?.close();
});

describe('thanks letters', () => {
  it('the executive finds an approved donation and downloads its thanks letter, which names the donor', async () => {
    const { page, errors, close } = await openAs(
      browser,
      server.url,
      EXECUTIVE,
      '/backoffice/view-thanks-letter-list',
    );
    try {
      await page.getByRole('textbox', { name: 'ค้นหา (ผู้บริจาค หรือเลขที่เอกสาร)' }).fill(number);
      await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
      const table = page.getByRole('table').filter({ hasText: number });
      const row = async () => (await tableRows(table)).find((r) => r['เลขที่เอกสาร'] === number);
      await expect.poll(row).toMatchObject({
        ผู้บริจาค: DONOR.name,
        'จำนวนเงิน/มูลค่า (บาท)': AMOUNT.shown,
        'พิมพ์แล้ว (ครั้ง)': '0',
      });
      const file = await downloadOf(page, () =>
        table
          .getByRole('row')
          .filter({ hasText: number })
          .getByRole('button', { name: 'หนังสือขอบคุณ (PDF)' })
          .click(),
      );
      expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.name).toMatch(/\.pdf$/);
      const pdf = readPdf(file.bytes);
      expect(pdf.pages).toBe(1);
      expect(pdf.text.join('\n').replace(/\s+/g, '')).toContain(DONOR.name.replace(/\s+/g, ''));
      // Every download is one print: the list counts it.
      await expect.poll(row).toMatchObject({ 'พิมพ์แล้ว (ครั้ง)': '1' });
      await screenshot(page, 'thanks-letters');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
