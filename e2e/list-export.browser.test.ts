import { bangkokToday } from '@namjai/common/calendar';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImportFile } from '../server/src/kits/reference/reference-import-file';
import {
  connectBrowser,
  createDocument,
  demoLogin,
  idOf,
  type SharedServer,
  saveItem,
  sharedServer,
} from './shared';
import { downloadOf, numberIn, openAs, screenshot, tableRows } from './ui';

// A document list's export (docs/exports.md) as the officer who keeps the list: three money donations
// of this file, found by the word in their remarks, downloaded as XLSX and CSV; each file holds the
// rows the list shows, in its order, with the same values under the same column names.

const OFFICER = 'officer.demo';
const UNIT = 'OPS-P38-SDW';
const ACCOUNT = { code: 'E2E-LX-ACC', nameTh: 'บัญชีทดสอบส่งออกรายการ' };
const WORD = 'E2E-LX';
const AMOUNTS = ['120.00', '3400.50', '56000.25'];
const LIST = 'รับบริจาคเงิน';
/** Today in Bangkok, yyyy-mm-dd. */
const TODAY = bangkokToday();

let server: SharedServer;
let browser: Browser;
const numbers: string[] = [];

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
  const admin = await demoLogin('admin.demo');
  const officer = await demoLogin(OFFICER);
  const account = await saveItem(admin, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(admin, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '5550005555',
  });
  const donor = await idOf(admin, 'DONATOR', 'DN-000001');
  for (const [i, amount] of AMOUNTS.entries()) {
    const doc = await createDocument(officer, 'MONEY_DONATION', {
      header: {
        donor,
        donatedOn: TODAY,
        amount,
        transferType: 'CASH',
        moneyAccount: account,
        objective: 'GENERAL',
      },
      remark: `${WORD} รายการที่ ${i + 1}`,
    });
    numbers.push(doc.number);
  }
});

afterAll(async () => {
  await browser?.close();
});

/** A cell as a comparable value: numbers as numbers (1,234.50 and 1234.5 alike), text trimmed. */
const value = (text: string | undefined) => {
  const t = (text ?? '').trim();
  return /^[−-]?[\d,]+(\.\d+)?$/.test(t) ? numberIn(t) : t;
};

describe('a document list export', () => {
  it('the officer downloads the money donations found as XLSX and CSV, each holding the rows on screen', async () => {
    const { page, errors, close } = await openAs(
      browser,
      server.url,
      OFFICER,
      '/backoffice/view-donate-money',
    );
    try {
      const search = page.getByRole('search', { name: `ค้นหา${LIST}` });
      await search.getByRole('textbox', { name: 'คำค้น', exact: true }).fill(WORD);
      await search.getByRole('button', { name: 'ค้นหา', exact: true }).click();
      const table = page.getByRole('table', { name: LIST, exact: true });
      await expect
        .poll(async () => (await tableRows(table)).map((row) => row['เลขที่เอกสาร']).sort())
        .toEqual([...numbers].sort());
      const rows = await tableRows(table);
      await screenshot(page, 'list-export-money-donations');

      for (const format of ['XLSX', 'CSV']) {
        const file = await downloadOf(page, () =>
          page.getByRole('button', { name: `ส่งออก ${format}`, exact: true }).click(),
        );
        expect(file.name.toLowerCase()).toMatch(new RegExp(`\\.${format.toLowerCase()}$`));
        const sheet = await readImportFile(file.bytes);
        // The columns both show (the list's dates are days, the file's times: not compared).
        const shared = Object.keys(rows[0] ?? {}).filter(
          (header) => sheet.headers.includes(header) && !/วันที่/.test(header),
        );
        expect(shared, format).toEqual(expect.arrayContaining(['เลขที่เอกสาร', 'สถานะ']));
        expect(shared.length, `${format}: ${shared.join(', ')}`).toBeGreaterThanOrEqual(4);
        const fromFile = sheet.rows.map((r) =>
          shared.map((header) => value(r.cells[sheet.headers.indexOf(header)])),
        );
        const onScreen = rows.map((row) => shared.map((header) => value(row[header])));
        expect(fromFile, format).toEqual(onScreen);
        expect(sheet.rows.map((r) => r.cells[sheet.headers.indexOf('หมายเหตุ')]).sort()).toEqual(
          AMOUNTS.map((_, i) => `${WORD} รายการที่ ${i + 1}`),
        );
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
