import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImportFile } from '../server/src/kits/reference/reference-import-file';
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
import { downloadOf, numberIn, openAs, screenshot, tableRows } from './ui';

// The e-Donation export (export-data-revenue, MN-111) as the administrator, who holds it: two money
// donations of this file, made on a day no other file uses (3 February 2026), are the rows of a search
// of that day. One is marked keyed; the mark is still there after a reload; the XLSX and the CSV
// downloaded then hold exactly the rows on screen, the mark included.

const ADMIN = 'admin.demo';
const UNIT = 'OPS-P38-SDW';
const ACCOUNT = { code: 'E2E-ED-ACC', nameTh: 'บัญชีทดสอบ e-Donation' };
const DAY = { api: '2026-02-03', be: '03/02/2569' };
const AMOUNTS = ['2750.00', '880.40'];
/** The screen's column headers and the file's, for the same facts. */
const SCREEN = {
  number: 'เลขที่เอกสาร',
  receipt: 'เลขที่ใบเสร็จ/หลักฐาน',
  taxId: 'เลขประจำตัวผู้เสียภาษี',
  value: 'จำนวนเงิน/มูลค่า (บาท)',
  keying: 'สถานะการบันทึก e-Donation',
};
const FILE = {
  number: 'เลขที่เอกสาร',
  receipt: 'เลขที่ใบเสร็จ/หลักฐานการรับบริจาค',
  taxId: 'เลขประจำตัวผู้เสียภาษีอากรของผู้บริจาค',
  value: 'จำนวนเงิน/มูลค่า (บาท)',
  keying: 'สถานะการบันทึก',
};

let server: SharedServer;
let browser: Browser;
const numbers: string[] = [];

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
  const admin = await demoLogin(ADMIN);
  const officer = await demoLogin('officer.demo');
  const approver = await demoLogin('approver1.demo');
  const account = await saveItem(admin, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(admin, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '5550004444',
  });
  const donor = await idOf(admin, 'DONATOR', 'DN-000001');
  for (const amount of AMOUNTS) {
    const doc = await createDocument(officer, 'MONEY_DONATION', {
      header: {
        donor,
        donatedOn: DAY.api,
        amount,
        transferType: 'CASH',
        moneyAccount: account,
        objective: 'GENERAL',
      },
    });
    await actOnDocument(approver, 'MONEY_DONATION', doc, { action: 'APPROVE' });
    numbers.push(doc.number);
  }
});

afterAll(async () => {
  await browser?.close();
});

const tableOf = (page: Page) =>
  page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: SCREEN.number }) });

/** Searches the one day; waits for this file's rows. */
async function searchDay(page: Page): Promise<Locator> {
  const form = page.getByRole('search', { name: 'ค้นหารายการส่งกรมสรรพากร' });
  await form.getByRole('textbox', { name: 'ตั้งแต่วันที่บริจาค', exact: true }).fill(DAY.be);
  await form.getByRole('textbox', { name: 'ถึงวันที่บริจาค', exact: true }).fill(DAY.be);
  await form.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  const table = tableOf(page);
  await expect
    .poll(async () => (await tableRows(table)).map((row) => row[SCREEN.number]).sort())
    .toEqual(expect.arrayContaining(numbers));
  return table;
}

/** The facts of a row both the screen and the file show. */
const screenFacts = (row: Record<string, string>) => [
  row[SCREEN.number],
  row[SCREEN.receipt],
  row[SCREEN.taxId],
  numberIn(row[SCREEN.value]),
  (row[SCREEN.keying] ?? '').replace(/^(บันทึกแล้ว|ยังไม่บันทึก|เกินกำหนด).*$/, '$1'),
];

async function fileFacts(bytes: Buffer) {
  const sheet = await readImportFile(bytes);
  const at = (header: string) => {
    const i = sheet.headers.indexOf(header);
    expect(i, `${header} in ${sheet.headers.join(', ')}`).toBeGreaterThanOrEqual(0);
    return i;
  };
  const cols = [FILE.number, FILE.receipt, FILE.taxId, FILE.value, FILE.keying].map(at);
  return sheet.rows.map((r) => cols.map((i, n) => (n === 3 ? numberIn(r.cells[i]) : (r.cells[i] ?? ''))));
}

describe('the e-Donation export', () => {
  it('marks a row keyed, keeps the mark after a reload, and downloads XLSX and CSV holding the rows on screen', async () => {
    const { page, errors, close } = await openAs(
      browser,
      server.url,
      ADMIN,
      '/backoffice/export-data-revenue',
    );
    try {
      let table = await searchDay(page);
      const [keyed, other] = numbers as [string, string];
      await page.getByRole('checkbox', { name: `เลือกรายการ ${keyed}`, exact: true }).check({ force: true });
      await page.getByRole('button', { name: 'บันทึกว่าส่งเข้าระบบ e-Donation แล้ว (1)', exact: true }).click();
      await table.getByRole('row').filter({ hasText: keyed }).getByText('บันทึกแล้ว', { exact: true }).waitFor();

      await page.reload();
      table = await searchDay(page);
      const rows = await tableRows(table);
      const byNumber = (n: string) => rows.find((row) => row[SCREEN.number] === n) ?? {};
      expect(byNumber(keyed)[SCREEN.keying]).toMatch(/^บันทึกแล้ว.+เมื่อ \d{2}\/\d{2}\/25\d\d/);
      // 3 February's rows were due by 5 March: the one not keyed is overdue.
      expect(byNumber(other)[SCREEN.keying]).toBe('เกินกำหนด');
      expect(rows.map((row) => numberIn(row[SCREEN.value])).sort()).toEqual(
        expect.arrayContaining(AMOUNTS.map(Number).sort()),
      );
      await screenshot(page, 'e-donation');

      const onScreen = rows.map(screenFacts);
      for (const format of ['XLSX', 'CSV']) {
        const file = await downloadOf(page, () =>
          page.getByRole('button', { name: `ส่งออก ${format}`, exact: true }).click(),
        );
        expect(file.name.toLowerCase()).toMatch(new RegExp(`\\.${format.toLowerCase()}$`));
        expect(await fileFacts(file.bytes), format).toEqual(onScreen);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
