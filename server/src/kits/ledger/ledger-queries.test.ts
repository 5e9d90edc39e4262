import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/auth/principal';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { expiringLots, moneyBalances, moneyCard, stockOnHand } from './ledger.queries';
import { type LedgerFixture, ledgerFixture, TODAY } from './ledger-fixtures';
import { type StockCardQuery, stockCard, stockCardPage, stockCardStatement } from './stock-card';

// The reads behind the inventory and money screens: stock on hand, stock and money cards with
// running balances, money balances and expiring lots, each within the caller's data scope.

let t: TestApp;
let f: LedgerFixture;
let admin: Principal;
let officer: Principal; // OPS-P38-SDW: owns storage ST-P38-SDW only
let donor: Principal;
let item: number;

beforeAll(async () => {
  t = await startTestApp();
  f = await ledgerFixture(t);
  [admin, officer, donor] = await Promise.all([
    f.principal('admin.demo'),
    f.principal('officer.demo'),
    f.principal('donor.demo@example.com'),
  ]);
  item = await f.newResource('Q-ITEM');
  const sdw = { storageId: f.storage.SDW, resourceId: item };
  await f.post(async (l) => {
    await l.receive(
      { ...sdw, quantity: '10', unitValue: '20', lot: 'OLD', expiryDate: '2026-06-20' },
      f.source(1, 1),
    );
    await l.receive(
      { ...sdw, quantity: '5', unitValue: '30', lot: 'NEW', expiryDate: '2027-01-01' },
      f.source(1, 2),
    );
    await l.receive(
      {
        storageId: f.storage.DON,
        resourceId: item,
        quantity: '3',
        unitValue: '10',
        expiryDate: '2026-05-31',
      },
      f.source(1, 3),
    );
  });
  await f.post((l) => l.issue({ ...sdw, quantity: '4' }, f.source(2, 1)));
  await f.post((l) => l.reserve({ ...sdw, quantity: '2', lot: 'NEW' }, f.source(3, 1)));
  await f.post((l) =>
    l.transferOut(
      {
        fromStorageId: f.storage.SDW,
        toStorageId: f.storage.DON,
        resourceId: item,
        quantity: '1',
        lot: 'OLD',
      },
      f.source(4, 1),
    ),
  );
  await f.post(async (l) => {
    await l.money.credit({ accountId: f.account.DON, amount: '500', type: 'DONATION_IN' }, f.source(5));
    await l.money.debit(
      { accountId: f.account.DON, amount: '120.50', type: 'DISBURSEMENT_OUT' },
      f.source(6),
    );
  });
});
afterAll(() => t.close());

describe('stock on hand', () => {
  it('shows on hand, reserved, available, in transit and value per lot, first expiry first', async () => {
    const rows = await stockOnHand(t.em(), admin, { resourceId: item });
    expect(
      rows.map((r) => [
        r.storageCode,
        r.lot,
        r.expiryDate,
        r.onHand,
        r.reserved,
        r.available,
        r.inTransit,
        r.unitValue,
        r.value,
      ]),
    ).toEqual([
      ['ST-P28-DON', '', '2026-05-31', '3.000', '0.000', '3.000', '0.000', '10.00', '30.00'],
      ['ST-P28-DON', 'OLD', '2026-06-20', '0.000', '0.000', '0.000', '1.000', '20.00', '0.00'],
      ['ST-P38-SDW', 'OLD', '2026-06-20', '5.000', '0.000', '5.000', '0.000', '20.00', '100.00'],
      ['ST-P38-SDW', 'NEW', '2027-01-01', '5.000', '2.000', '3.000', '0.000', '30.00', '150.00'],
    ]);
    expect(rows[0]).toMatchObject({
      resourceCode: 'Q-ITEM',
      resourceNameTh: 'ข้าวทดสอบ Q-ITEM',
      countingUnitTh: 'ถุง',
    });
  });

  it('keeps to the caller’s data scope', async () => {
    expect((await stockOnHand(t.em(), officer, { resourceId: item })).map((r) => r.storageCode)).toEqual([
      'ST-P38-SDW',
      'ST-P38-SDW',
    ]);
    expect(await stockOnHand(t.em(), donor, { resourceId: item })).toEqual([]);
    expect(await stockOnHand(t.em(), officer, { storageId: f.storage.DON })).toEqual([]);
  });
});

describe('stock card', () => {
  it('lists every movement with its source document and running balances', async () => {
    const card = await stockCard(t.em(), officer, { storageId: f.storage.SDW, resourceId: item });
    expect(
      card.map((m) => [
        m.movementType,
        m.lot,
        m.quantity,
        m.reservedDelta,
        m.onHandAfter,
        m.reservedAfter,
        m.lotOnHandAfter,
        m.documentId,
        m.documentLineId,
      ]),
    ).toEqual([
      ['RECEIVE', 'OLD', '10.000', '0.000', '10.000', '0.000', '10.000', 1, 1],
      ['RECEIVE', 'NEW', '5.000', '0.000', '15.000', '0.000', '5.000', 1, 2],
      ['ISSUE', 'OLD', '-4.000', '0.000', '11.000', '0.000', '6.000', 2, 1],
      ['RESERVE', 'NEW', '0.000', '2.000', '11.000', '2.000', '5.000', 3, 1],
      ['TRANSFER_OUT', 'OLD', '-1.000', '0.000', '10.000', '2.000', '5.000', 4, 1],
    ]);
    expect(card[0]).toMatchObject({ documentType: 'TEST_DOC', createdById: f.userId, reversalOfId: null });
    expect(card[0].createdAt).toBeInstanceOf(Date);
    const later = await stockCard(t.em(), officer, {
      storageId: f.storage.SDW,
      resourceId: item,
      from: new Date(Date.now() + 60_000),
    });
    expect(later).toEqual([]);
  });

  it('refuses a storage outside the caller’s scope, and answers 404 for an unknown one', async () => {
    await expect(
      stockCard(t.em(), officer, { storageId: f.storage.DON, resourceId: item }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(stockCard(t.em(), admin, { storageId: 999_999, resourceId: item })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const inTransit = await stockCard(t.em(), admin, { storageId: f.storage.DON, resourceId: item });
    expect(inTransit.map((m) => [m.movementType, m.transitDelta, m.inTransitAfter])).toEqual([
      ['RECEIVE', '0.000', '0.000'],
      ['TRANSFER_IN_TRANSIT', '1.000', '1.000'],
    ]);
  });
});

describe('the stock card’s period and pages', () => {
  // 2,000 movements of two lots over 40 weeks, written as the bench's loader does (plain SQL, each
  // balance the sum of its movements); the last one an hour ago.
  const N = 2000;
  let hist: number;
  let week: StockCardQuery;
  type Moved = { id: string; balance_id: number; lot: string; q: number; r: number; before: boolean };
  let moved: Moved[];

  beforeAll(async () => {
    hist = await f.newResource('Q-HIST');
    await f.sql(
      `insert into stock_balance (storage_id, resource_id, lot, expiry_date, updated_at)
       values (?, ?, 'H1', '2027-01-01', now()), (?, ?, 'H2', null, now())`,
      [f.storage.SDW, hist, f.storage.SDW, hist],
    );
    await f.sql(
      `insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type, quantity,
         reserved_delta, transit_delta, unit_value, document_type, document_id, created_by_id, created_at)
       select b.id, b.storage_id, b.resource_id, b.lot, b.expiry_date,
         case when k % 50 = 0 then 'RESERVE' when k % 3 = 0 then 'ADJUST_OUT' else 'ADJUST_IN' end,
         case when k % 50 = 0 then 0 when k % 3 = 0 then -1 else 2 end, case when k % 50 = 0 then 1 else 0 end,
         0, 10, 'TEST_DOC', k, ?, now() - interval '280 days' + k * interval '201.6 minutes' - interval '1 hour'
       from generate_series(1, ?::int) k
       join stock_balance b on b.storage_id = ? and b.resource_id = ? and b.lot = case when k % 2 = 0 then 'H1' else 'H2' end`,
      [f.userId, N, f.storage.SDW, hist],
    );
    await f.sql(
      `update stock_balance b set on_hand = s.q, reserved = s.r
       from (select balance_id, sum(quantity) q, sum(reserved_delta) r from stock_movement group by balance_id) s
       where s.balance_id = b.id and b.resource_id = ?`,
      [hist],
    );
    const [now] = await f.sql<{ now: string }>('select now()::text as now');
    const from = new Date(new Date(now.now).getTime() - 7 * 86_400_000);
    week = {
      storageId: f.storage.SDW,
      resourceId: hist,
      from,
      to: new Date(from.getTime() + 8 * 86_400_000),
    };
    moved = await f.sql<Moved>(
      `select id::text, balance_id, lot, quantity::float8 as q, reserved_delta::float8 as r, created_at < ? as before
       from stock_movement where resource_id = ? order by created_at, id`,
      [from.toISOString(), hist],
    );
  });

  it('opens with the balance at the period’s start, then the week’s movements, reading only that week', async () => {
    const card = await stockCardPage(t.em(), officer, week);
    // Computed apart: the sums before the period, then every running balance from them.
    const lots = new Map<number, number>();
    let onHand = 0;
    let reserved = 0;
    for (const m of moved.filter((x) => x.before)) {
      lots.set(m.balance_id, (lots.get(m.balance_id) ?? 0) + m.q);
      onHand += m.q;
      reserved += m.r;
    }
    expect([Number(card.opening.onHand), Number(card.opening.reserved)]).toEqual([onHand, reserved]);
    const lotOf = new Map(moved.map((m) => [m.balance_id, m.lot]));
    expect(card.opening.lots.map((l) => [l.lot, Number(l.onHand)])).toEqual(
      [...lots].map(([id, q]) => [lotOf.get(id), q]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const inWeek = moved.filter((m) => !m.before);
    expect(inWeek.length).toBeGreaterThan(40);
    expect(card.entries.map((e) => e.movementId)).toEqual(inWeek.map((m) => m.id));
    expect(
      card.entries.map((e) => [Number(e.onHandAfter), Number(e.reservedAfter), Number(e.lotOnHandAfter)]),
    ).toEqual(
      inWeek.map((m) => {
        onHand += m.q;
        reserved += m.r;
        lots.set(m.balance_id, (lots.get(m.balance_id) ?? 0) + m.q);
        return [onHand, reserved, lots.get(m.balance_id)];
      }),
    );
    expect(card.nextCursor).toBeNull();

    // The rows PostgreSQL reads from stock_movement for the exact statements (the first page, and a
    // page after a cursor, which also reads the cursor's row): the week's, not 2,000.
    for (const query of [
      { ...week, first: 100 },
      { ...week, first: 20, after: inWeek[19].id },
    ]) {
      const statement = stockCardStatement(query);
      const [explained] = await f.sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, format json) ${statement.sql}`,
        statement.params,
      );
      const scans = movementScans(explained['QUERY PLAN'][0].Plan);
      expect(scans.length).toBeGreaterThan(1);
      for (const read of scans) expect(read).toBeLessThanOrEqual(inWeek.length);
      expect(scans.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * inWeek.length + 1);
    }
  });

  it('pages by key: the pages concatenate to the one-page answer, the week’s and the whole history’s', async () => {
    for (const [query, first] of [
      [week, 15],
      [{ storageId: f.storage.SDW, resourceId: hist }, 700],
    ] as const) {
      const whole = await stockCardPage(t.em(), officer, query);
      const pages = [];
      let after: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof stockCardPage>> = await stockCardPage(t.em(), officer, {
          ...query,
          first,
          ...(after ? { after } : {}),
        });
        expect(page.opening).toEqual(whole.opening);
        pages.push(...page.entries);
        after = page.nextCursor;
      } while (after);
      expect(pages).toEqual(whole.entries);
    }
    const all = await stockCard(t.em(), officer, { storageId: f.storage.SDW, resourceId: hist });
    expect(all).toHaveLength(N);
    expect(all.at(-1)?.onHandAfter).toBe(
      (await stockOnHand(t.em(), officer, { resourceId: hist }))
        .reduce((s, b) => s + Number(b.onHand), 0)
        .toFixed(3),
    );
  });

  it('refuses a cursor of another card or outside the period, and a page size out of range', async () => {
    const other = (await stockCard(t.em(), officer, { storageId: f.storage.SDW, resourceId: item }))[0];
    for (const query of [
      { ...week, after: other.movementId },
      { ...week, after: moved[0].id },
      { ...week, after: 'x1' },
      { ...week, first: 0 },
      { ...week, from: week.to, to: week.from },
    ]) {
      await expect(stockCardPage(t.em(), officer, query)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    }
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows each scan of stock_movement read (returned and filtered out), over all its loops. */
function movementScans(node: PlanNode): number[] {
  const own =
    node['Relation Name'] === 'stock_movement'
      ? [(node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(movementScans)];
}

describe('money', () => {
  it('lists the balances of the accounts in scope, with accounts never posted to at zero', async () => {
    // The test's own accounts (fresh copies of the demo ones: ledger-fixtures.ts).
    const all = (await moneyBalances(t.em(), admin)).filter((a) => a.accountCode.endsWith('-TEST'));
    expect(all.map((a) => [a.accountCode, a.balance])).toEqual([
      ['AC-OPS-TEST', '0.00'],
      ['AC-P28-TEST', '379.50'],
    ]);
    // The officer's group has its own demo account, and reaches no other.
    expect((await moneyBalances(t.em(), officer)).map((a) => a.accountCode)).toEqual(['AC-P38-SDW']);
    expect(await moneyBalances(t.em(), donor)).toEqual([]);
  });

  it('shows an account’s card with its running balance', async () => {
    const card = await moneyCard(t.em(), admin, { accountId: f.account.DON });
    expect(card.map((m) => [m.movementType, m.amount, m.balanceAfter, m.documentId])).toEqual([
      ['DONATION_IN', '500.00', '500.00', 5],
      ['DISBURSEMENT_OUT', '-120.50', '379.50', 6],
    ]);
    await expect(moneyCard(t.em(), officer, { accountId: f.account.DON })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('expiring lots', () => {
  it('lists lots on hand expiring within the days asked, expired ones first', async () => {
    const soon = (await expiringLots(t.em(), admin, { withinDays: 30, today: TODAY })).filter(
      (r) => r.resourceId === item,
    );
    expect(soon.map((r) => [r.storageCode, r.lot, r.expiryDate, r.onHand, r.daysLeft])).toEqual([
      ['ST-P28-DON', '', '2026-05-31', '3.000', -1],
      ['ST-P38-SDW', 'OLD', '2026-06-20', '5.000', 19],
    ]);
    const officerView = (await expiringLots(t.em(), officer, { withinDays: 365, today: TODAY })).filter(
      (r) => r.resourceId === item,
    );
    expect(officerView.map((r) => r.lot)).toEqual(['OLD', 'NEW']);
    await expect(expiringLots(t.em(), admin, { withinDays: -1 })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
  });
});

describe('reference data in the ledger', () => {
  it('cannot be deleted while a balance or movement refers to it', async () => {
    const res = await t.graphql<unknown>(
      'mutation ($id: Int!) { deleteReferenceItem(type: RESOURCE, id: $id) }',
      { id: item },
      bearer(await sessionToken(t, 'admin.demo')),
    );
    const message = String(res.body.errors?.[0]?.message);
    expect(message).toContain('ยอดคงเหลือสิ่งของ / stock balances (4)');
    expect(message).toContain('รายการเคลื่อนไหวสิ่งของ / stock movements (7)');
  });
});
