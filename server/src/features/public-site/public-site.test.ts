import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerFixture, ledgerFixture } from '../../kits/ledger/ledger-fixtures';
import { fiscalYearBE } from '../../platform/dates';
import { startTestApp, type TestApp } from '../../testing/test-app';

// The home page's public reads: the fiscal year's figures against sums written independently in SQL
// (the fiscal year worked out per row in Bangkok time), and the most-needed list.

let t: TestApp;
let f: LedgerFixture;
beforeAll(async () => {
  t = await startTestApp();
  f = await ledgerFixture(t);
});
afterAll(() => t.close());

interface Figures {
  fiscalYear: number;
  moneyReceived: string;
  goodsValueReceived: string;
  itemsGivenOut: string;
  donationPoints: number;
}

const figuresQuery = `query ($fiscalYear: Int) {
  publicFigures(fiscalYear: $fiscalYear) { fiscalYear moneyReceived goodsValueReceived itemsGivenOut donationPoints }
}`;

async function figures(fiscalYear?: number): Promise<Figures> {
  const res = await t.graphql<{ publicFigures: Figures }>(figuresQuery, { fiscalYear });
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.publicFigures as Figures;
}

/** The same figures summed straight from the ledger tables, the fiscal year taken from each row. */
async function sqlFigures(fiscalYear: number) {
  const inYear = `(extract(year from created_at at time zone 'Asia/Bangkok')
    + case when extract(month from created_at at time zone 'Asia/Bangkok') >= 10 then 1 else 0 end + 543) = ?`;
  const [row] = await f.sql<Record<string, string | number>>(
    `select
       (select coalesce(sum(amount), 0)::numeric(18,2)::text from money_movement
         where movement_type = 'DONATION_IN' and ${inYear}) as money,
       (select coalesce(sum(quantity * unit_value), 0)::numeric(18,2)::text from stock_movement
         where movement_type = 'RECEIVE' and document_type = 'GOODS_DONATION' and ${inYear}) as goods,
       (select coalesce(sum(-quantity), 0)::numeric(18,3)::text from stock_movement
         where movement_type in ('ISSUE', 'ISSUE_RESERVED') and ${inYear}) as issued,
       (select count(*)::int from organisation_unit where active and accepts_donations) as points`,
    [fiscalYear, fiscalYear, fiscalYear],
  );
  return row;
}

const asMoney = (s: string) => Number(s).toFixed(2);
const asQuantity = (s: string) => Number(s).toFixed(3);

describe('public figures of the fiscal year', () => {
  it('equal the ledger sums on the demo data, which has donations of money and goods this year', async () => {
    const year = fiscalYearBE();
    const got = await figures();
    const expected = await sqlFigures(year);
    expect(got.fiscalYear).toBe(year);
    expect(asMoney(got.moneyReceived)).toBe(expected.money);
    expect(asMoney(got.goodsValueReceived)).toBe(expected.goods);
    expect(asQuantity(got.itemsGivenOut)).toBe(expected.issued);
    expect(got.donationPoints).toBe(expected.points);
    // The demo approved a money donation of 125,000.50 and a goods donation this year.
    expect(Number(got.moneyReceived)).toBeGreaterThanOrEqual(125_000.5);
    expect(Number(got.goodsValueReceived)).toBeGreaterThan(0);
    expect(got.donationPoints).toBeGreaterThan(5);
  });

  it('follow postings: a donation credited and goods issued count, goods received from elsewhere do not', async () => {
    const before = await figures();
    const resource = await f.newResource('PUB-FIG-1');
    await f.post(async (ledger) => {
      await ledger.receive(
        { storageId: f.storage.DON, resourceId: resource, quantity: '40', unitValue: '25.00', lot: 'PF' },
        f.source(9001),
      );
      await ledger.issue(
        { storageId: f.storage.DON, resourceId: resource, quantity: '12.5' },
        f.source(9002),
      );
      await ledger.money.credit(
        { accountId: f.account.DON, amount: '777.25', type: 'DONATION_IN' },
        f.source(9003),
      );
      await ledger.money.credit(
        { accountId: f.account.DON, amount: '5000.00', type: 'INITIAL' },
        f.source(9004),
      );
    });
    const after = await figures();
    expect(Number(after.moneyReceived) - Number(before.moneyReceived)).toBeCloseTo(777.25, 2);
    expect(Number(after.itemsGivenOut) - Number(before.itemsGivenOut)).toBeCloseTo(12.5, 3);
    // A receipt that is not a goods donation (TEST_DOC here, like provide-resource) is not a donation.
    expect(after.goodsValueReceived).toBe(before.goodsValueReceived);
    const expected = await sqlFigures(after.fiscalYear);
    expect(asMoney(after.moneyReceived)).toBe(expected.money);
    expect(asQuantity(after.itemsGivenOut)).toBe(expected.issued);
  });

  it('are zero for a fiscal year with no postings, and refuse a year out of range with a 400', async () => {
    const next = await figures(fiscalYearBE() + 1);
    expect(next).toMatchObject({ moneyReceived: '0', goodsValueReceived: '0', itemsGivenOut: '0' });
    expect(next.donationPoints).toBe((await figures()).donationPoints);

    const bad = await t.graphql(figuresQuery, { fiscalYear: 99_999 });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_INPUT', status: 400 });
    expect(bad.body.errors?.[0]?.message).toContain('ปีงบประมาณ');
  });
});

describe('most-needed items', () => {
  it('ranks by the part of the minimum levels missing, then by provinces short, each resource once', async () => {
    const empty = await f.newResource('PUB-NEED-EMPTY');
    const half = await f.newResource('PUB-NEED-HALF');
    const minimum = (code: string, resource: number, storage: number, quantity: number) =>
      f.sql(
        `insert into ref_resource_minimum (code, name_th, resource_id, storage_id, minimum_quantity, status_code, created_at, updated_at)
         values (?, 'ขั้นต่ำทดสอบ', ?, ?, ?, 'A', now(), now())`,
        [code, resource, storage, quantity],
      );
    // Nothing of the first anywhere (shortfall 1) in two provinces; half of the second in one.
    await minimum('PUB-MIN-1', empty, f.storage.DON, 30);
    await minimum('PUB-MIN-2', empty, f.storage.SDW, 10);
    await minimum('PUB-MIN-3', half, f.storage.DON, 100);
    await f.post((ledger) =>
      ledger.receive(
        { storageId: f.storage.DON, resourceId: half, quantity: '50', unitValue: '1.00', lot: 'HALF' },
        f.source(9100),
      ),
    );

    const res = await t.graphql<{
      mostNeededItems: { resourceCode: string; needed: string; provinces: number; shortfall: number }[];
    }>('{ mostNeededItems(limit: 20) { resourceCode needed provinces shortfall } }');
    expect(res.body.errors).toBeUndefined();
    const list = res.body.data?.mostNeededItems ?? [];
    const emptyItem = list.find((i) => i.resourceCode === 'PUB-NEED-EMPTY');
    const halfItem = list.find((i) => i.resourceCode === 'PUB-NEED-HALF');
    expect({ ...emptyItem, needed: Number(emptyItem?.needed) }).toEqual({
      resourceCode: 'PUB-NEED-EMPTY',
      needed: 40,
      provinces: 2,
      shortfall: 1,
    });
    expect({ ...halfItem, needed: Number(halfItem?.needed) }).toEqual({
      resourceCode: 'PUB-NEED-HALF',
      needed: 50,
      provinces: 1,
      shortfall: 0.5,
    });
    // Ordered by shortfall, then provinces; no resource twice.
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1], list[i]];
      expect(a.shortfall > b.shortfall || (a.shortfall === b.shortfall && a.provinces >= b.provinces)).toBe(
        true,
      );
    }
    expect(new Set(list.map((i) => i.resourceCode)).size).toBe(list.length);

    const top = await t.graphql<{ mostNeededItems: unknown[] }>(
      '{ mostNeededItems(limit: 1) { resourceCode } }',
    );
    expect(top.body.data?.mostNeededItems).toHaveLength(1);
    const tooMany = await t.graphql('{ mostNeededItems(limit: 500) { resourceCode } }');
    expect(tooMany.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_INPUT', status: 400 });
  });
});
