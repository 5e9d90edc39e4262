import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { fixtureAdministrator } from '../testing/auth-helpers';
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
  await groups.save(fixtureAdministrator, {
    code: 'UG-EXW',
    name: 'ทดสอบผู้บันทึกรับบริจาค (ส่งออก)',
    menuCodes: [...Array.from({ length: 20 }, (_, i) => `MN-0${31 + i}`)],
    transactionCode: null,
  });
  await groups.save(fixtureAdministrator, {
    code: 'UG-EXV',
    name: 'ทดสอบผู้ส่งออก',
    // Donation history, storages (view), money donations (view), users, user groups (view).
    menuCodes: ['MN-058', 'MN-009', 'MN-038', 'MN-001', 'MN-030'],
    transactionCode: null,
  });
  await groups.save(fixtureAdministrator, {
    code: 'UG-EXN',
    name: 'ทดสอบไม่มีสิทธิ์ส่งออก',
    menuCodes: ['MN-006'],
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

/** The first sheet's data rows as objects by header, and the CSV's the same way. */
async function xlsxObjects(buffer: Buffer): Promise<Record<string, unknown>[]> {
  const { rows } = await xlsxRows(buffer);
  const header = rows[0] as string[];
  return rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? null])));
}
function csvObjects(buffer: Buffer): Record<string, string>[] {
  const [header, ...rows] = csvRows(buffer);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

describe('every back-office list exports with its filters and the caller’s scope', () => {
  it('documents, reference data, users and user groups: filters and scope applied in both formats', async () => {
    const cases: {
      path: string;
      column: string;
      expected: string[];
    }[] = [
      // Division A's money donations only (B's 777.00 is outside the viewer's scope); the status filter.
      {
        path: 'documents/MONEY_DONATION?status=PENDING&sort=number&direction=asc',
        column: 'จำนวนเงิน (บาท)',
        expected: ['1234567.50', '0.05', '99.99'],
      },
      // A search filter: only the storage of division A (B's is out of scope; the demo's do not match).
      { path: 'reference/STORAGE?search=EXPB', column: 'รหัส', expected: ['ST-EXPB-A'] },
      // A name filter within the viewer's subtree: the maker of A, not of B.
      { path: 'users?lastname_th=exp.maker', column: 'ชื่อผู้ใช้', expected: ['exp.maker.a'] },
      // A code filter on user groups (no data scope).
      {
        path: 'user-groups?code=UG-EX&sort=code',
        column: 'รหัสกลุ่มผู้ใช้งาน',
        expected: ['UG-EXN', 'UG-EXV', 'UG-EXW'],
      },
    ];
    for (const c of cases) {
      const sep = c.path.includes('?') ? '&' : '?';
      const xlsx = await download(as.viewerA, `${c.path}${sep}format=xlsx`);
      expect(xlsx.statusCode, `${c.path} xlsx: ${xlsx.body.slice(0, 300)}`).toBe(200);
      expect(xlsx.headers['x-total-count'], c.path).toBe(String(c.expected.length));
      const fromXlsx = (await xlsxObjects(xlsx.rawPayload)).map((r) => r[c.column]);
      const csv = await download(as.viewerA, `${c.path}${sep}format=csv`);
      expect(csv.statusCode, c.path).toBe(200);
      const fromCsv = csvObjects(csv.rawPayload).map((r) => r[c.column]);
      expect(fromCsv, `${c.path} csv`).toEqual(c.expected);
      expect(
        fromXlsx.map((v) => (typeof v === 'number' ? v.toFixed(2) : v)),
        `${c.path} xlsx`,
      ).toEqual(c.expected);
    }
  });

  it('an English file has English headers and names; a reference value shows its code and name', async () => {
    const res = await download(as.viewerA, 'reference/STORAGE?search=EXPB&format=csv&lang=en');
    expect(res.statusCode).toBe(200);
    const [row] = csvObjects(res.rawPayload);
    expect(row.Code).toBe('ST-EXPB-A');
    expect(row.Status).toBe('Active');
    expect(row['Owning unit']).toBe('EXPB-A Export test unit EXPB-A');
  });

  it('refuses without the menu code (403), and bad format, lang or filters with a 4xx in Thai and English', async () => {
    for (const path of [
      'donation-history',
      'documents/MONEY_DONATION',
      'reference/STORAGE',
      'users',
      'user-groups',
    ]) {
      const res = await download(as.nobody, `${path}?format=xlsx`);
      expect(res.statusCode, `${path} ${res.body.slice(0, 500)}`).toBe(403);
      expect(res.headers['content-disposition'], path).toBeUndefined();
    }
    const bad: [string, number, string][] = [
      ['donation-history?format=pdf', 400, 'format'],
      ['donation-history', 400, 'format'],
      ['donation-history?format=csv&lang=fr', 400, 'lang'],
      ['donation-history?format=csv&from=2025-02-30', 400, 'from'],
      ['donation-history?format=csv&kind=CASH', 400, 'kind'],
      ['donation-history?format=csv&sort=password', 400, 'sort'],
      ['documents/MONEY_DONATION?format=csv&status=LOST', 400, 'LOST'],
      ['documents/NO_SUCH_TYPE?format=csv', 400, 'NO_SUCH_TYPE'],
      ['reference/STORAGE?format=csv&statusCode=X', 400, 'statusCode'],
      [`donation-history?format=csv&donor=${'ก'.repeat(101)}`, 400, 'donor'],
      ['donation-history?format=csv&unitCode=EXPB-B', 403, ''],
    ];
    for (const [path, status, mention] of bad) {
      const res = await download(as.viewerA, path);
      expect(res.statusCode, path).toBe(status);
      const body = res.json() as { messageTh?: string; messageEn?: string; message?: string };
      const text = JSON.stringify(body);
      expect(text, path).toMatch(/[\u0E00-\u0E7F]/);
      if (mention) expect(text, path).toContain(mention);
      expect(res.headers['content-disposition'], path).toBeUndefined();
    }
  });

  it('each export is audited: who, which list, filters, format and rows', async () => {
    const res = await download(as.viewerA, 'documents/MONEY_DONATION?format=csv&search=zzz-none');
    expect(res.statusCode).toBe(200);
    expect(csvRows(res.rawPayload)).toHaveLength(1);
    // The audit event is committed before the file's end is sent.
    const [event] = await sql<{ subject: string; details: Record<string, unknown>; username: string }>(
      `select e.subject, e.details, u.username from audit_event e join app_user u on u.id = e.actor_user_id
        where e.event = 'EXPORT' order by e.id desc limit 1`,
    );
    expect(event.username).toBe('exp.viewer.a');
    expect(event.subject).toBe('documents/MONEY_DONATION');
    expect(event.details).toMatchObject({
      format: 'csv',
      filters: { search: 'zzz-none' },
      rows: 0,
      total: 0,
      completed: true,
    });
  });
});
