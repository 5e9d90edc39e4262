import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { SYSTEM_ADMINISTRATOR_GROUP } from './data-scope';
import { checkedPeriod, type Period, scopedPeriodSql } from './period-scope';
import type { Principal } from './principal';

// The shared period-and-scope filter (e-Donation rows, donation history, reports): what it refuses,
// and which rows its condition keeps, run by PostgreSQL over rows written here.

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

const staff = (unitPath: string | null, groupCode = 'UG-S01'): Principal => ({
  userId: 1,
  sessionId: 's',
  kind: 'STAFF',
  username: 'u',
  groupCode,
  menuCodes: new Set(),
  unitId: unitPath ? 1 : null,
  unitPath,
});

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('checkedPeriod', () => {
  it('refuses a day that does not exist or is not yyyy-mm-dd, naming the field, in Thai and English', () => {
    const bad = [
      '2026-02-29',
      '2026-13-01',
      '2026-04-31',
      '31/01/2569',
      '2569-1-5',
      'tomorrow',
      '1899-12-31',
    ];
    for (const text of bad) {
      for (const [end, fields] of [
        ['from', undefined],
        ['to', undefined],
        ['from', { from: 'fromDate', to: 'toDate' }],
      ] as const) {
        const e = refusal(() => checkedPeriod({ [end]: text }, { fields }));
        expect(e.status, text).toBe(400);
        expect(e.code).toBe('BAD_INPUT');
        expect(e.details).toEqual({ field: fields ? fields[end] : end });
        expect(e.messageTh).toContain(end === 'from' ? 'วันที่เริ่มต้น' : 'วันที่สิ้นสุด');
        expect(e.messageEn).toContain(end === 'from' ? 'first day' : 'last day');
      }
    }
  });

  it('refuses a first day after the last, also once a fiscal year has narrowed the period', () => {
    const e = refusal(() => checkedPeriod({ from: '2026-03-02', to: '2026-03-01' }));
    expect([e.status, e.details, e.messageTh, e.messageEn]).toEqual([
      400,
      { field: 'from' },
      'วันที่เริ่มต้นของช่วงเวลาต้องไม่อยู่หลังวันที่สิ้นสุด',
      'The first day of the period must not be after its last day',
    ]);
    const fy2569 = { from: '2025-10-01', to: '2026-09-30' };
    const narrowed = refusal(() =>
      checkedPeriod({ from: '2026-10-05' }, { fields: { from: 'fromDate', to: 'toDate' }, within: fy2569 }),
    );
    expect([narrowed.status, narrowed.details]).toEqual([400, { field: 'fromDate' }]);
  });

  it('keeps blank ends open, a single day, and narrows to a fiscal year', () => {
    expect(checkedPeriod({})).toEqual({ from: null, to: null });
    expect(checkedPeriod({ from: '  ', to: '' })).toEqual({ from: null, to: null });
    expect(checkedPeriod({ from: ' 2026-03-01 ', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    const fy2569 = { from: '2025-10-01', to: '2026-09-30' };
    expect(checkedPeriod({}, { within: fy2569 })).toEqual(fy2569);
    expect(checkedPeriod({ from: '2026-01-01', to: '2027-01-01' }, { within: fy2569 })).toEqual({
      from: '2026-01-01',
      to: '2026-09-30',
    });
    expect(checkedPeriod({ from: '2020-01-01', to: '2026-02-28' }, { within: fy2569 })).toEqual({
      from: '2025-10-01',
      to: '2026-02-28',
    });
  });
});

describe('scopedPeriodSql', () => {
  // Rows of two divisions of one department and one of another, on the edges of February 2026.
  const rows = `(values ('a', '2026-01-31'::date, '/1/2/3/'), ('b', '2026-02-01', '/1/2/3/'), ('c', '2026-02-28', '/1/2/4/'),
      ('d', '2026-03-01', '/1/2/3/'), ('e', '2026-02-15', '/1/9/'), ('f', '2026-02-10', '/1/2/3/5/')) x(id, day, path)`;

  async function kept(principal: Principal, period: Period, unitPath: string | null = null): Promise<string> {
    const { sql, params } = scopedPeriodSql(principal, { path: 'x.path', day: 'x.day' }, period, unitPath);
    let n = 0;
    const text = `select coalesce(string_agg(x.id, '' order by x.id), '') as ids from ${rows} where ${sql}`;
    const res = await client.query(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    );
    expect(n).toBe(params.length);
    return res.rows[0].ids;
  }

  it('keeps both days of the period (inclusive), open ends, and nothing outside', async () => {
    const admin = staff(null, SYSTEM_ADMINISTRATOR_GROUP);
    expect(await kept(admin, { from: null, to: null })).toBe('abcdef');
    expect(await kept(admin, { from: '2026-02-01', to: '2026-02-28' })).toBe('bcef');
    expect(await kept(admin, { from: '2026-02-28', to: '2026-02-28' })).toBe('c');
    expect(await kept(admin, { from: '2026-02-01', to: null })).toBe('bcdef');
    expect(await kept(admin, { from: null, to: '2026-01-31' })).toBe('a');
  });

  it("keeps the caller's subtree only, and the chosen unit's subtree within it", async () => {
    const feb = { from: '2026-02-01', to: '2026-02-28' };
    expect(await kept(staff('/1/2/'), feb)).toBe('bcf');
    expect(await kept(staff('/1/2/3/'), feb)).toBe('bf');
    expect(await kept(staff('/1/2/'), feb, '/1/2/4/')).toBe('c');
    expect(await kept(staff(null), feb)).toBe('');
    expect(await kept({ ...staff('/1/2/'), kind: 'DONOR' }, feb)).toBe('');
  });
});
