import { bangkokToday } from '@namjai/common/calendar';
import type { Browser, Page } from 'playwright-core';
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
  serverSql,
  sharedServer,
} from './shared';
import { chooseByCode, downloadOf, numberIn, openAs, screenshot, tableRows } from './ui';

// The reports as the first-level approver reads them (approver1.demo holds every report): the index,
// report 1.1 (money donations by period) filtered to a money account of this file's own, so its
// figures are exactly the two donations made here: one in fiscal year 2569, one today (2570). The
// fiscal year changes the table, the totals and the chart; the CSV export holds the rows on screen.

const APPROVER = 'approver1.demo';
const UNIT = 'OPS-P38-SDW';
const ACCOUNT = { code: 'E2E-RP-ACC', nameTh: 'บัญชีทดสอบรายงาน' };
const REPORT = 'รายงาน 1.1 สรุปการรับบริจาคเงินตามช่วงเวลา';
/** Today in Bangkok, yyyy-mm-dd; fiscal year 2570 runs from 1 October 2026. */
const TODAY = bangkokToday();
const DONATIONS = [
  { on: '2026-03-15', amount: '4321.25', fiscalYear: '2569', shown: '4,321.25', drawn: '4,321.25' },
  { on: TODAY, amount: '1000.00', fiscalYear: '2570', shown: '1,000.00', drawn: '1,000' },
];

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
  const admin = await demoLogin('admin.demo');
  const officer = await demoLogin('officer.demo');
  const approver = await demoLogin(APPROVER);
  const account = await saveItem(admin, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(admin, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '5550003333',
  });
  const donor = await idOf(admin, 'DONATOR', 'DN-000001');
  // Made once: a second run of the file on the same server finds them already there.
  const [{ count }] = await serverSql<{ count: number }>(
    'select count(*)::int as count from doc_money_donation where money_account_id = $1',
    [account],
  );
  if (count > 0) return;
  for (const donation of DONATIONS) {
    const doc = await createDocument(officer, 'MONEY_DONATION', {
      header: {
        donor,
        donatedOn: donation.on,
        amount: donation.amount,
        transferType: 'CASH',
        moneyAccount: account,
        objective: 'GENERAL',
      },
    });
    expect((await actOnDocument(approver, 'MONEY_DONATION', doc, { action: 'APPROVE' })).status).toBe(
      'APPROVED',
    );
  }
});

afterAll(async () => {
  await browser?.close();
});

/** Chooses a fiscal year and searches; waits for the totals of that year. */
async function showYear(page: Page, fiscalYear: string, shown: string) {
  const filters = page.getByRole('search', { name: 'ตัวกรองรายงาน' });
  await filters.getByRole('combobox', { name: 'ปีงบประมาณ (พ.ศ.)' }).selectOption(fiscalYear);
  await filters.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await expect.poll(() => page.getByTestId('total-amount').textContent()).toBe(shown);
}

/** What the chart draws: its marks (bars, points or slices) and the values it states. */
async function chartOf(page: Page) {
  const chart = page.locator('figure svg[role="img"]');
  return {
    marks: await chart.locator('rect, circle, path').count(),
    summary: (await chart.getAttribute('aria-label')) ?? '',
  };
}

describe('reports', () => {
  it('the approver opens report 1.1, filters by fiscal year, sees the chart change and exports the rows', async () => {
    const { page, errors, close } = await openAs(browser, server.url, APPROVER, '/backoffice/reports');
    try {
      await page.getByRole('heading', { name: 'การรับบริจาค', level: 2 }).waitFor();
      await page.getByRole('link', { name: REPORT, exact: true }).click();
      await page.waitForURL('**/backoffice/reports/report-1-1');
      const filters = page.getByRole('search', { name: 'ตัวกรองรายงาน' });
      const yearSelect = filters.getByRole('combobox', { name: 'ปีงบประมาณ (พ.ศ.)' });
      await yearSelect.locator('option[value="2570"]').waitFor({ state: 'attached' });
      const years = await yearSelect.locator('option').allTextContents();
      expect(years).toEqual(expect.arrayContaining(['2569', '2570']));
      await chooseByCode(filters, 'บัญชีเงินบริจาค', ACCOUNT.code);

      const table = page.getByRole('table', { name: REPORT, exact: true });
      const seen: Record<string, { marks: number; summary: string; rows: Record<string, string>[] }> = {};
      for (const donation of DONATIONS) {
        await showYear(page, donation.fiscalYear, donation.shown);
        await expect.poll(async () => (await chartOf(page)).summary).toContain(donation.drawn);
        seen[donation.fiscalYear] = { ...(await chartOf(page)), rows: await tableRows(table) };
        expect(seen[donation.fiscalYear]?.marks).toBeGreaterThan(0);
        expect(seen[donation.fiscalYear]?.rows).toHaveLength(1);
        expect(seen[donation.fiscalYear]?.rows[0]?.['จำนวนเงิน (บาท)']).toBe(donation.shown);
        expect(await page.getByTestId('total-donations').textContent()).toBe('1');
      }
      // The other year's figure is not drawn: the chart follows the filter.
      expect(seen['2570']?.summary).not.toContain(DONATIONS[0]?.drawn);
      expect(seen['2569']?.rows[0]?.['เดือน (พ.ศ.)']).not.toBe(seen['2570']?.rows[0]?.['เดือน (พ.ศ.)']);
      await screenshot(page, 'reports-1-1');

      // The export holds the rows the screen shows for fiscal year 2570, under the same headers.
      const file = await downloadOf(page, () =>
        page.getByRole('button', { name: 'ส่งออก CSV', exact: true }).click(),
      );
      expect(file.name).toMatch(/\.csv$/);
      const sheet = await readImportFile(file.bytes);
      const onScreen = seen['2570']?.rows ?? [];
      expect(sheet.headers).toEqual(Object.keys(onScreen[0] ?? {}));
      expect(sheet.rows.map((r) => [r.cells[0], numberIn(r.cells[1]), numberIn(r.cells[2])])).toEqual(
        onScreen.map((r) => [r['เดือน (พ.ศ.)'], numberIn(r['จำนวนรายการ']), numberIn(r['จำนวนเงิน (บาท)'])]),
      );
      await page.getByText('ส่งออกแล้ว 1 รายการ').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
