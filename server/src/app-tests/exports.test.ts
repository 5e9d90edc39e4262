import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createDoc, divisionWithStock, type Headers, staffMember, unitUnder } from '../testing/test-bureau';

// Issue 13 item 5: the back-office lists exported as XLSX and CSV through GET /api/export/<name>
// on the real server and database, read back with exceljs and csv-parse: Thai text, money and dates
// exact, the list's filters and the caller's data scope applied, the menu code required, bad input a
// 4xx in Thai and English, and each export audited. A bureau of this file's own (EXPB, under DSDW)
// has two divisions, EXPB-A and EXPB-B.

let t: TestApp;
const as: Record<string, Headers> = {};
const ids: Record<string, number> = {};
const UNIT = { th: 'หน่วยทดสอบส่งออก', en: 'Export test unit' };
const DONOR_TH = 'บริษัท "น้ำใจ, ส่งออก" จำกัด';

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

async function download(who: Headers, path: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/export/${path}`, headers: who });
  return res;
}

async function xlsxRows(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  const sheet = wb.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, rows };
}

function csvRows(buffer: Buffer): string[][] {
  expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = buffer.toString('utf8').slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  return parse(text, { relax_column_count: false });
}

beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  const groups = new UserGroupService(em);
  await groups.save({
    code: 'UG-EXW',
    name: 'ทดสอบผู้บันทึกรับบริจาค (ส่งออก)',
    menuCodes: [...Array.from({ length: 20 }, (_, i) => `MN-0${31 + i}`)],
    transactionCode: null,
  });
  await groups.save({ code: 'UG-EXV', name: 'ทดสอบผู้ส่งออก', menuCodes: ['MN-058'], transactionCode: null });
  await groups.save({
    code: 'UG-EXN',
    name: 'ทดสอบไม่มีสิทธิ์ส่งออก',
    menuCodes: ['MN-001'],
    transactionCode: null,
  });
  await unitUnder(em, 'DSDW', 'EXPB', 3, UNIT);
  const a = await divisionWithStock(em, 'EXPB', 'EXPB-A', UNIT);
  const b = await divisionWithStock(em, 'EXPB', 'EXPB-B', UNIT);
  as.makerA = await staffMember(t, em, 'exp.maker.a', a.unit, 'UG-EXW');
  as.makerB = await staffMember(t, em, 'exp.maker.b', b.unit, 'UG-EXW');
  as.viewerA = await staffMember(t, em, 'exp.viewer.a', a.unit, 'UG-EXV');
  as.nobody = await staffMember(t, em, 'exp.nobody', a.unit, 'UG-EXN');
  const [donor] = await sql<{ id: number }>(
    `insert into ref_donator (code, donor_type, name_th, name_en, tax_id, status_code, created_at, updated_at)
     values ('EXD-0001', 'JURISTIC', ?, 'Namjai Export Co., Ltd.', null, 'A', now(), now()) returning id`,
    [DONOR_TH],
  );
  ids.donor = donor.id;
  const money = (accountId: number, donatedOn: string, amount: string) => ({
    header: {
      donor: donor.id,
      donatedOn,
      amount,
      transferType: 'CASH',
      moneyAccount: accountId,
      objective: 'DISASTER_FLOOD',
    },
  });
  // Division A: three donations; division B: one (outside the A viewer's scope).
  await createDoc(t, as.makerA, 'MONEY_DONATION', money(a.accountId, '2025-10-01', '1234567.50'));
  await createDoc(t, as.makerA, 'MONEY_DONATION', money(a.accountId, '2025-12-31', '0.05'));
  await createDoc(t, as.makerA, 'MONEY_DONATION', money(a.accountId, '2026-02-15', '99.99'));
  await createDoc(t, as.makerB, 'MONEY_DONATION', money(b.accountId, '2025-11-11', '777.00'));
});

afterAll(async () => {
  await t?.close();
});

describe('donation history export', () => {
  it('XLSX and CSV hold the rows in scope, with Thai text, money and dates exact', async () => {
    const xlsx = await download(as.viewerA, 'donation-history?format=xlsx&sort=donatedOn&direction=asc');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('ประวัติการบริจาค.xlsx')}`,
    );
    expect(xlsx.headers['x-total-count']).toBe('3');
    const { sheet, rows } = await xlsxRows(xlsx.rawPayload);
    expect(sheet.name).toBe('ประวัติการบริจาค');
    expect(rows[0]).toContain('ชื่อผู้บริจาค');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const body = rows.slice(1);
    expect(body.map((r) => r[col('จำนวนเงิน/มูลค่า (บาท)')])).toEqual([1234567.5, 0.05, 99.99]);
    expect(body.map((r) => (r[col('วันที่บริจาค')] as Date).toISOString().slice(0, 10))).toEqual([
      '2025-10-01',
      '2025-12-31',
      '2026-02-15',
    ]);
    expect(body.every((r) => r[col('ชื่อผู้บริจาค')] === DONOR_TH)).toBe(true);
    expect(body.every((r) => r[col('วัตถุประสงค์')] === 'อุทกภัย')).toBe(true);
    expect(sheet.getColumn(col('จำนวนเงิน/มูลค่า (บาท)') + 1).numFmt).toBe('#,##0.00');
    expect(sheet.getColumn(col('วันที่บริจาค') + 1).numFmt).toBe('[$-107041E]dd/mm/yyyy');

    const csv = await download(as.viewerA, 'donation-history?format=csv&sort=donatedOn&direction=asc');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = csvRows(csv.rawPayload);
    expect(records[0]).toEqual(header);
    expect(records.slice(1).map((r) => [r[col('วันที่บริจาค')], r[col('จำนวนเงิน/มูลค่า (บาท)')]])).toEqual([
      ['01/10/2568', '1234567.50'],
      ['31/12/2568', '0.05'],
      ['15/02/2569', '99.99'],
    ]);
    expect(records[1][col('ชื่อผู้บริจาค')]).toBe(DONOR_TH);
  });
});
