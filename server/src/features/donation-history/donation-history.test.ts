import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationUnit } from '../../kits/core/organisation.entity';
import { fixtureAdministrator } from '../../testing/auth-helpers';
import { staff, validId } from '../../testing/donor-fixtures';
import { recordStatements, type StatementRecorder } from '../../testing/sent-statements';
import { startTestApp, type TestApp } from '../../testing/test-app';
import {
  actDoc,
  createDoc,
  type Doc,
  divisionWithStock,
  gqlAs,
  type Headers,
  staffMember,
  unitUnder,
} from '../../testing/test-bureau';
import { UserGroupService } from '../user-groups';

// Issue 10 item 7: the ministry's donation history (MN-058) through GraphQL on the real server and
// database. A bureau of this file's own (HIST, under DSDW, whose tax id the receipts use) has two
// divisions, HIST-A and HIST-B; each receives goods and money donations from two donors of this
// file, taken through their workflows by the people whose job it is. Viewers hold MN-058 only.

let t: TestApp;
const ids: Record<string, number> = {};
const as: Record<string, Record<string, string>> = {};
/** Document numbers by this file's names (G1, M1, …). */
const numbers: Record<string, string> = {};

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const gql = <T>(who: Headers, query: string, variables: Record<string, unknown> = {}) =>
  gqlAs<T>(t, who, query, variables);
const create = (who: Headers, type: string, input: Record<string, unknown>) => createDoc(t, who, type, input);
const act = (who: Headers, type: string, doc: Doc, action: string, extra: Record<string, unknown> = {}) =>
  actDoc(t, who, type, doc, action, extra);
const person = (em: EntityManager, username: string, unit: OrganisationUnit, group: string) =>
  staffMember(t, em, username, unit, group);
const HIST_UNIT = { th: 'หน่วยทดสอบประวัติ', en: 'History test unit' };

const DONOR_X_TAX_ID = validId('010555699001');

const goods = (
  division: { unit: OrganisationUnit; storageId: number },
  donor: number,
  donationDate: string,
  objective: string,
  lines: { quantity: string; unitValue: string }[],
) => ({
  header: {
    donator: donor,
    receivingUnit: division.unit.id,
    storage: division.storageId,
    donationDate,
    objective,
  },
  lines: lines.map((l) => ({ resource: ids.RICE, character: 'NEW', priceFrom: 'MARKET', ...l })),
});

const money = (
  division: { accountId: number },
  donor: number,
  donatedOn: string,
  amount: string,
  objective: string,
) => ({
  header: { donor, donatedOn, amount, transferType: 'CASH', moneyAccount: division.accountId, objective },
});

beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  const groups = new UserGroupService(em);
  await groups.save(fixtureAdministrator, {
    code: 'UG-THW',
    name: 'ทดสอบผู้ทำงานรับบริจาค',
    menuCodes: [
      ...['031', '032', '033', '034', '035', '036', '037', '038', '039', '040', '041'],
      ...['042', '043', '044', '045', '046', '047', '048', '049', '050'],
    ].map((n) => `MN-${n}`),
    transactionCode: null,
  });
  await groups.save(fixtureAdministrator, {
    code: 'UG-THV',
    name: 'ทดสอบผู้ดูประวัติการรับบริจาค',
    menuCodes: ['MN-058'],
    transactionCode: null,
  });

  const bureau = await unitUnder(em, 'DSDW', 'HIST', 3, HIST_UNIT);
  const a = await divisionWithStock(em, 'HIST', 'HIST-A', HIST_UNIT);
  const b = await divisionWithStock(em, 'HIST', 'HIST-B', HIST_UNIT);
  ids.BUREAU = bureau.id;
  const [rice] = await sql<{ id: number }>(`select id from ref_resource where code = 'RICE-5KG'`);
  ids.RICE = rice.id;
  const donors = await sql<{ id: number; code: string }>(
    `insert into ref_donator (code, donor_type, name_th, name_en, tax_id, status_code, created_at, updated_at)
     values ('HX-0001', 'JURISTIC', 'บริษัท ประวัติดี_100% จำกัด', 'Prawatdee Co., Ltd.', ?, 'A', now(), now()),
            ('HX-0002', 'ANONYMOUS', 'ผู้ไม่ประสงค์ออกนามทดสอบประวัติ', null, null, 'A', now(), now())
     returning id, code`,
    [DONOR_X_TAX_ID],
  );
  ids.X = donors.find((d) => d.code === 'HX-0001')?.id as number;
  ids.Y = donors.find((d) => d.code === 'HX-0002')?.id as number;

  for (const [division, unit] of [
    ['A', a.unit],
    ['B', b.unit],
  ] as const) {
    as[`maker${division}`] = await person(em, `hist.maker.${division}`, unit, 'UG-THW');
    as[`approver1${division}`] = await person(em, `hist.approver1.${division}`, unit, 'UG-THW');
    as[`approver2${division}`] = await person(em, `hist.approver2.${division}`, unit, 'UG-THW');
    as[`viewer${division}`] = await person(em, `hist.viewer.${division}`, unit, 'UG-THV');
  }
  as.viewerBureau = await person(em, 'hist.viewer.bureau', bureau, 'UG-THV');
  as.worker = as.makerA;
  as.admin = await staff(t, 'admin.demo');

  // Division A. G1: a draft, valued at quantity × unit value: 10 × 150.00 + 3.5 × 20.25 = 1570.875 → 1570.88.
  const g1 = await create(
    as.makerA,
    'GOODS_DONATION',
    goods(a, ids.X, '2026-01-10', 'DISASTER_FLOOD', [
      { quantity: '10', unitValue: '150.00' },
      { quantity: '3.5', unitValue: '20.25' },
    ]),
  );
  // G2: 100 × 12.34 given, 80 accepted at screening, approved at both levels: 80 × 12.34 = 987.20.
  let g2 = await create(
    as.makerA,
    'GOODS_DONATION',
    goods(a, ids.Y, '2026-02-15', 'CHILDREN_YOUTH', [{ quantity: '100', unitValue: '12.34' }]),
  );
  g2 = await act(as.makerA, 'GOODS_DONATION', g2, 'SUBMIT');
  g2 = await act(as.makerA, 'GOODS_DONATION', g2, 'SCREEN', {
    lines: [
      {
        id: g2.lines[0].id,
        values: {
          acceptedQuantity: '80',
          rejectedQuantity: '20',
          screenStatus: 'PARTLY_ACCEPTED',
          classification: 'URGENT',
          screenReason: 'ถุงขาด 20 ถุง',
        },
      },
    ],
  });
  g2 = await act(as.approver1A, 'GOODS_DONATION', g2, 'APPROVE_1');
  g2 = await act(as.approver2A, 'GOODS_DONATION', g2, 'APPROVE_2');
  // M1 approved (receipt issued), M2 pending, M3 cancelled.
  const m1 = await act(
    as.approver1A,
    'MONEY_DONATION',
    await create(as.makerA, 'MONEY_DONATION', money(a, ids.X, '2026-01-20', '5000.50', 'DISASTER_FIRE')),
    'APPROVE',
  );
  const m2 = await create(as.makerA, 'MONEY_DONATION', money(a, ids.Y, '2026-03-01', '1200.00', 'GENERAL'));
  const m3 = await act(
    as.makerA,
    'MONEY_DONATION',
    await create(as.makerA, 'MONEY_DONATION', money(a, ids.X, '2026-03-05', '999.99', 'CHILDREN_YOUTH')),
    'CANCEL',
  );
  // Division B. G3 submitted: 7 × 100.00; M4 approved.
  const g3 = await act(
    as.makerB,
    'GOODS_DONATION',
    await create(
      as.makerB,
      'GOODS_DONATION',
      goods(b, ids.X, '2026-01-12', 'DISASTER_DROUGHT', [{ quantity: '7', unitValue: '100.00' }]),
    ),
    'SUBMIT',
  );
  const m4 = await act(
    as.approver1B,
    'MONEY_DONATION',
    await create(as.makerB, 'MONEY_DONATION', money(b, ids.Y, '2026-02-01', '300.00', 'DISASTER_FLOOD')),
    'APPROVE',
  );
  expect([g1, g2, g3, m1, m2, m3, m4].map((d) => d.status)).toEqual([
    'DRAFT',
    'APPROVED_2',
    'SUBMITTED',
    'APPROVED',
    'PENDING',
    'CANCELLED',
    'APPROVED',
  ]);
  Object.assign(numbers, {
    G1: g1.number,
    G2: g2.number,
    G3: g3.number,
    M1: m1.number,
    M2: m2.number,
    M3: m3.number,
    M4: m4.number,
  });
}, 180_000);
afterAll(() => t.close());

interface Row {
  kind: string;
  documentType: string;
  id: number;
  number: string;
  donatedOn: string;
  donorCode: string;
  donorNameTh: string;
  unitCode: string;
  unitNameTh: string;
  status: string;
  objective: string;
  amount: string | null;
  goodsValue: string | null;
  value: string;
  receiptNumber: string | null;
  receiptVoid: boolean;
}

interface Totals {
  count: number;
  goodsCount: number;
  moneyCount: number;
  cancelledCount: number;
  moneyTotal: string;
  moneyApprovedTotal: string;
  goodsValueTotal: string;
  goodsApprovedTotal: string;
}

interface Page {
  items: Row[];
  total: number;
}

const HISTORY = `query ($from: String, $to: String, $unitCode: String, $donatorId: Int, $donor: String,
    $kind: DonationKind, $objective: String, $status: String, $currentPage: Int, $rows: Int, $sort: String, $direction: String) {
  donationHistory(from: $from, to: $to, unitCode: $unitCode, donatorId: $donatorId, donor: $donor, kind: $kind,
      objective: $objective, status: $status, currentPage: $currentPage, rows: $rows, sort: $sort, direction: $direction) {
    items { kind documentType id number donatedOn donorCode donorNameTh unitCode unitNameTh status objective
            amount goodsValue value receiptNumber receiptVoid }
    total
  }
}`;

const TOTALS = `query ($from: String, $to: String, $unitCode: String, $donatorId: Int, $donor: String,
    $kind: DonationKind, $objective: String, $status: String) {
  donationHistoryTotals(from: $from, to: $to, unitCode: $unitCode, donatorId: $donatorId, donor: $donor,
      kind: $kind, objective: $objective, status: $status) {
    count goodsCount moneyCount cancelledCount moneyTotal moneyApprovedTotal goodsValueTotal goodsApprovedTotal
  }
}`;

async function history(who: Record<string, string>, variables: Record<string, unknown> = {}) {
  return gql<{ donationHistory: Page }>(who, HISTORY, { rows: 200, ...variables });
}

/** The filters of a list's variables (its paging and order left out): the totals query's variables. */
const filtersOf = ({ currentPage, rows, sort, direction, ...filters }: Record<string, unknown>) => filters;

async function totalsOf(who: Record<string, string>, variables: Record<string, unknown> = {}) {
  const res = await gql<{ donationHistoryTotals: Totals }>(who, TOTALS, filtersOf(variables));
  expect(res.error?.message).toBeUndefined();
  return res.data?.donationHistoryTotals as Totals;
}

/** A page, with the totals of its filters (their own query, as the screen asks for them). */
async function page(who: Record<string, string>, variables: Record<string, unknown> = {}) {
  const res = await history(who, variables);
  expect(res.error?.message).toBeUndefined();
  return { ...(res.data?.donationHistory as Page), totals: await totalsOf(who, variables) };
}

/** This file's documents a list shows, by their names here (G1, M2, …), sorted. */
const mine = (p: Page) => {
  const byNumber = Object.fromEntries(Object.entries(numbers).map(([name, number]) => [number, name]));
  return p.items
    .map((r) => byNumber[r.number])
    .filter(Boolean)
    .sort();
};

describe('the donation history (MN-058)', () => {
  it('shows each division’s viewer exactly its own goods and money donations, and the bureau both', async () => {
    expect(mine(await page(as.viewerA))).toEqual(['G1', 'G2', 'M1', 'M2', 'M3']);
    const b = await page(as.viewerB);
    expect(mine(b)).toEqual(['G3', 'M4']);
    // Nothing else at all: B's viewer sees B's two donations and no one else's (demo data included).
    expect(b.items.map((r) => r.unitCode)).toEqual(['HIST-B', 'HIST-B']);
    expect(b.totals.count).toBe(2);
    const bureau = await page(as.viewerBureau);
    expect(mine(bureau)).toEqual(['G1', 'G2', 'G3', 'M1', 'M2', 'M3', 'M4']);
    expect(bureau.total).toBe(7);
  });

  it('gives each row its type, donor, unit, status, objective, value and receipt', async () => {
    const rows = Object.fromEntries((await page(as.viewerBureau)).items.map((r) => [r.number, r]));
    expect(rows[numbers.G1]).toMatchObject({
      kind: 'GOODS',
      documentType: 'GOODS_DONATION',
      donatedOn: '2026-01-10',
      donorCode: 'HX-0001',
      donorNameTh: 'บริษัท ประวัติดี_100% จำกัด',
      unitCode: 'HIST-A',
      unitNameTh: 'หน่วยทดสอบประวัติ HIST-A',
      status: 'DRAFT',
      objective: 'DISASTER_FLOOD',
      amount: null,
      goodsValue: '1570.88',
      value: '1570.88',
      receiptNumber: null,
    });
    // Screened goods count what was accepted, not what was offered (100 × 12.34 = 1234.00).
    expect(rows[numbers.G2]).toMatchObject({ status: 'APPROVED_2', goodsValue: '987.20' });
    expect(rows[numbers.M1]).toMatchObject({
      kind: 'MONEY',
      documentType: 'MONEY_DONATION',
      amount: '5000.50',
      goodsValue: null,
      value: '5000.50',
      status: 'APPROVED',
      receiptNumber: expect.stringMatching(/^\d{4}\/\d{6}$/),
      receiptVoid: false,
    });
    const [receipt] = await sql<{ number: string }>(
      `select number from donation_receipt where document_type = 'MONEY_DONATION' and document_id = ?`,
      [rows[numbers.M1].id],
    );
    expect(rows[numbers.M1].receiptNumber).toBe(receipt.number);
    expect(rows[numbers.M2]).toMatchObject({ status: 'PENDING', receiptNumber: null, amount: '1200.00' });
    expect(rows[numbers.M3]).toMatchObject({ status: 'CANCELLED', receiptNumber: null });
  });

  it('totals the whole filtered set, leaving cancelled donations out of the sums', async () => {
    const { totals } = await page(as.viewerBureau, { rows: 2 });
    expect(totals).toEqual({
      count: 7,
      goodsCount: 3,
      moneyCount: 4,
      cancelledCount: 1,
      moneyTotal: '6500.50', // 5000.50 + 1200.00 + 300.00 (999.99 cancelled)
      moneyApprovedTotal: '5300.50', // 5000.50 + 300.00
      goodsValueTotal: '3258.08', // 1570.88 + 987.20 + 700.00
      goodsApprovedTotal: '987.20',
    });
  });

  it('totals what a direct SQL sum over the caller’s scope gives (system administrator: every donation)', async () => {
    const direct = async (pathPrefix: string) =>
      (
        await sql<Record<string, string>>(
          `select
             (select coalesce(sum(m.amount), 0)::numeric(20, 2)::text from doc_money_donation m
                join organisation_unit o on o.id = m.owner_unit_id
               where o.path like ? and m.status <> 'CANCELLED') as money,
             (select coalesce(sum(v), 0)::numeric(20, 2)::text from (
                select round(sum(l.unit_value * case when g.status in ('SCREENED', 'APPROVED_1', 'APPROVED_2')
                                               then l.accepted_quantity else l.quantity end), 2) as v
                  from doc_goods_donation g
                  join doc_goods_donation_line l on l.document_id = g.id
                  join organisation_unit o on o.id = g.owner_unit_id
                 where o.path like ? and g.status <> 'CANCELLED' group by g.id) x) as goods,
             ((select count(*) from doc_money_donation m join organisation_unit o on o.id = m.owner_unit_id
                where o.path like ?) + (select count(*) from doc_goods_donation g
                join organisation_unit o on o.id = g.owner_unit_id where o.path like ?))::text as count`,
          [pathPrefix, pathPrefix, pathPrefix, pathPrefix],
        )
      )[0];
    const [bureau] = await sql<{ path: string }>(`select path from organisation_unit where code = 'HIST'`);
    for (const [who, prefix] of [
      [as.viewerBureau, `${bureau.path}%`],
      [as.admin, '%'],
    ] as const) {
      const { totals } = await page(who, { rows: 1 });
      const expected = await direct(prefix);
      expect({
        money: totals.moneyTotal,
        goods: totals.goodsValueTotal,
        count: String(totals.count),
      }).toEqual(expected);
    }
    // The administrator's list holds the demo donations too.
    const all = await page(as.admin, { rows: 1 });
    expect(all.totals.count).toBeGreaterThan(7);
  });

  it('narrows by each filter, and the totals follow', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ from: '2026-01-01', to: '2026-01-31' }, ['G1', 'G3', 'M1']],
      [{ from: '2026-01-10', to: '2026-01-10' }, ['G1']],
      [{ from: '2026-03-01' }, ['M2', 'M3']],
      [{ to: '2026-01-12' }, ['G1', 'G3']],
      [{ unitCode: 'HIST-A' }, ['G1', 'G2', 'M1', 'M2', 'M3']],
      [{ unitCode: 'HIST' }, ['G1', 'G2', 'G3', 'M1', 'M2', 'M3', 'M4']],
      [{ donatorId: ids.X }, ['G1', 'G3', 'M1', 'M3']],
      [{ donor: 'ประวัติดี' }, ['G1', 'G3', 'M1', 'M3']],
      [{ donor: 'prawatdee' }, ['G1', 'G3', 'M1', 'M3']],
      [{ donor: 'hx-0002' }, ['G2', 'M2', 'M4']],
      [
        { donor: `${DONOR_X_TAX_ID.slice(0, 1)}-${DONOR_X_TAX_ID.slice(1, 5)}-${DONOR_X_TAX_ID.slice(5)}` },
        ['G1', 'G3', 'M1', 'M3'],
      ],
      // Typed wildcards match themselves: "_100%" is in X's name only; "%" alone is in no other name.
      [{ donor: '_100%' }, ['G1', 'G3', 'M1', 'M3']],
      [{ donor: 'ดี%จำกัด' }, []],
      [{ kind: 'GOODS' }, ['G1', 'G2', 'G3']],
      [{ kind: 'MONEY' }, ['M1', 'M2', 'M3', 'M4']],
      // A parent objective takes its events: flood, fire and drought are disaster relief.
      [{ objective: 'DISASTER' }, ['G1', 'G3', 'M1', 'M4']],
      [{ objective: 'DISASTER_FLOOD' }, ['G1', 'M4']],
      [{ objective: 'CHILDREN_YOUTH' }, ['G2', 'M3']],
      [{ status: 'APPROVED' }, ['M1', 'M4']],
      [{ status: 'SUBMITTED' }, ['G3']],
      [{ status: 'CANCELLED' }, ['M3']],
      [{ kind: 'MONEY', status: 'APPROVED', unitCode: 'HIST-A' }, ['M1']],
    ];
    for (const [filter, expected] of cases) {
      const p = await page(as.viewerBureau, filter);
      expect(mine(p), JSON.stringify(filter)).toEqual(expected);
      expect(p.totals.count, JSON.stringify(filter)).toBe(expected.length);
    }
    const goodsOnly = await page(as.viewerBureau, { kind: 'GOODS' });
    expect(goodsOnly.totals).toMatchObject({ moneyTotal: '0.00', goodsValueTotal: '3258.08', moneyCount: 0 });
    const cancelled = await page(as.viewerBureau, { status: 'CANCELLED' });
    expect(cancelled.totals).toMatchObject({ count: 1, cancelledCount: 1, moneyTotal: '0.00' });
    // A filter never widens the scope: A's viewer asking for donor X still sees only A's.
    expect(mine(await page(as.viewerA, { donatorId: ids.X }))).toEqual(['G1', 'M1', 'M3']);
  });

  it('pages and sorts while the totals stay those of the whole set', async () => {
    const seen: string[] = [];
    for (let currentPage = 1; currentPage <= 4; currentPage++) {
      const p = await page(as.viewerBureau, { rows: 2, currentPage });
      expect(p.items.length).toBe(currentPage < 4 ? 2 : 1);
      expect(p.total).toBe(7);
      expect(p.totals.goodsValueTotal).toBe('3258.08');
      seen.push(...p.items.map((r) => r.donatedOn));
    }
    // Newest first by default.
    expect(seen).toEqual([...seen].sort().reverse());
    // A page far beyond the end is empty, its totals still whole.
    const beyond = await page(as.viewerBureau, { rows: 200, currentPage: 2_147_483_647 });
    expect(beyond.items).toEqual([]);
    expect(beyond.totals.count).toBe(7);
    const byValue = await page(as.viewerBureau, { sort: 'value', direction: 'desc' });
    expect(byValue.items.map((r) => r.value)).toEqual([
      '5000.50',
      '1570.88',
      '1200.00',
      '999.99',
      '987.20',
      '700.00',
      '300.00',
    ]);
  });

  it('refuses a unit outside the caller’s scope (403, audited) and an unknown one (404)', async () => {
    for (const unitCode of ['HIST-B', 'HIST', 'MSDHS']) {
      const res = await history(as.viewerA, { unitCode });
      expect(res.data).toBeNull();
      expect(res.error?.extensions, unitCode).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        details: { reason: 'SCOPE' },
      });
    }
    const [audit] = await sql<{ n: string }>(
      `select count(*)::text as n from audit_event where event = 'PERMISSION_REFUSED' and subject = 'donation history unit'`,
    );
    expect(Number(audit.n)).toBeGreaterThanOrEqual(3);
    const unknown = await history(as.viewerA, { unitCode: 'NO-SUCH-UNIT' });
    expect(unknown.error?.extensions).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    // The totals keep the same scope.
    const totals = await gql(as.viewerA, TOTALS, { unitCode: 'HIST-B' });
    expect(totals.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it('answers 403 to staff without MN-058, whatever else they hold', async () => {
    const res = await history(as.worker);
    expect(res.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect((await gql(as.worker, TOTALS)).error?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
  });

  it('refuses bad input with a 400 in Thai and English', async () => {
    const bad: Record<string, unknown>[] = [
      { from: '2026-02-01', to: '2026-01-31' },
      { from: '2026-02-30' },
      { to: '31/01/2569' },
      { status: 'SHIPPED' },
      { kind: 'GOODS', status: 'PENDING' },
      { objective: 'NOT_AN_OBJECTIVE' },
      { donor: 'ก'.repeat(101) },
      { unitCode: 'X'.repeat(33) },
      { sort: 'donorNameTh' },
      { direction: 'up' },
      { rows: 0 },
      { rows: 201 },
      { currentPage: 0 },
      { donatorId: 0 },
    ];
    for (const variables of bad) {
      const res = await history(as.viewerBureau, variables);
      expect(res.data, JSON.stringify(variables)).toBeNull();
      expect(res.error?.extensions, JSON.stringify(variables)).toMatchObject({
        code: 'BAD_INPUT',
        status: 400,
        messageTh: expect.stringMatching(/[ก-๙]/),
        messageEn: expect.stringMatching(/[a-z]/),
      });
    }
    // The totals check the same filters (the paging arguments are the list's only).
    for (const variables of bad.slice(0, 8)) {
      const res = await gql(as.viewerBureau, TOTALS, variables);
      expect(res.error?.extensions, JSON.stringify(variables)).toMatchObject({
        code: 'BAD_INPUT',
        status: 400,
      });
    }
  });
});

// Issue 24 item 4: a page does not compute the totals; the totals are one statement of their own.
describe('the donation history’s pages and totals, statement by statement', () => {
  let recorder: StatementRecorder;
  const sent = () => recorder.texts();
  beforeAll(() => {
    recorder = recordStatements();
  });
  afterAll(() => {
    recorder.restore();
  });
  /** The statements over the donation documents one call sends (the session's and the scope's left out). */
  const donationStatements = async (text: string, variables: Record<string, unknown>) => {
    recorder.clear();
    const res = await gql(as.viewerBureau, text, variables);
    expect(res.error?.message).toBeUndefined();
    return sent().filter((s) => /\bdoc_(goods|money)_donation\b/.test(s));
  };
  const isTotals = (s: string) => /\) filter \(where/.test(s);
  const readsLines = (s: string) => /\bdoc_goods_donation_line\b/.test(s);

  it('pages by number and by key with a count and the page, never the totals', async () => {
    for (const variables of [
      { rows: 2 },
      { rows: 2, currentPage: 3 },
      { first: 2 },
      { last: 2 },
      { rows: 2, sort: 'value' },
      { first: 2, sort: 'value', direction: 'desc' },
    ]) {
      const statements = await donationStatements(KEYED, variables);
      const listed = statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 160)).join('\n');
      expect(statements.length, listed).toBe(2);
      expect(statements.filter(isTotals), listed).toEqual([]);
      // Neither the count nor the page reads a goods line, even ordered by value: a goods donation's
      // value is stored on its header.
      expect(statements.filter(readsLines), listed).toEqual([]);
    }
  });

  it('totals in one statement what sums of the donations give, with filters', async () => {
    const [bureau] = await sql<{ path: string }>(`select path from organisation_unit where code = 'HIST'`);
    // Independently: each donation of the bureau valued in JavaScript from its lines, then filtered.
    const goods = await sql<{ id: number; status: string; kind: string; donated_on: string; q: string }>(
      `select g.id, g.status, 'GOODS' as kind, g.donation_date::text as donated_on,
              json_agg(json_build_array(l.quantity, l.accepted_quantity, l.unit_value))::text as q
         from doc_goods_donation g join organisation_unit o on o.id = g.owner_unit_id
         join doc_goods_donation_line l on l.document_id = g.id
        where o.path like ? group by g.id`,
      [`${bureau.path}%`],
    );
    const money = await sql<{ status: string; donated_on: string; amount: string }>(
      `select m.status, m.donated_on::text as donated_on, m.amount::text as amount from doc_money_donation m
         join organisation_unit o on o.id = m.owner_unit_id where o.path like ?`,
      [`${bureau.path}%`],
    );
    const cents = (n: number) => Math.round(n * 100);
    const screened = ['SCREENED', 'APPROVED_1', 'APPROVED_2'];
    const valued = goods.map((g) => ({
      ...g,
      value: (JSON.parse(g.q) as [string, string | null, string][]).reduce(
        (sum, [q, accepted, value]) =>
          sum + Number(screened.includes(g.status) ? (accepted ?? 0) : q) * Number(value),
        0,
      ),
    }));
    const baht = (c: number) => (c / 100).toFixed(2);
    for (const filter of [
      {},
      { from: '2026-01-11' },
      { to: '2026-02-15', kind: 'GOODS' },
      { status: 'APPROVED' },
    ]) {
      const inPeriod = (d: { donated_on: string; status: string }) =>
        (!('from' in filter) || d.donated_on >= (filter.from as string)) &&
        (!('to' in filter) || d.donated_on <= (filter.to as string)) &&
        (!('status' in filter) || d.status === filter.status);
      const g = 'kind' in filter && filter.kind !== 'GOODS' ? [] : valued.filter(inPeriod);
      const m = 'kind' in filter && filter.kind !== 'MONEY' ? [] : money.filter(inPeriod);
      const live = <T extends { status: string }>(rows: T[]) => rows.filter((r) => r.status !== 'CANCELLED');
      const statements = await donationStatements(TOTALS, { unitCode: 'HIST', ...filter });
      expect(statements.length).toBe(1);
      expect(isTotals(statements[0])).toBe(true);
      // The goods values are the stored ones: the plan reads no goods line.
      const plan = JSON.stringify(await sql(`explain (format json) ${statements[0]}`));
      expect(plan).toContain('"Relation Name":"doc_goods_donation"');
      expect(plan).not.toContain('doc_goods_donation_line');
      expect(
        await totalsOf(as.viewerBureau, { unitCode: 'HIST', ...filter }),
        JSON.stringify(filter),
      ).toEqual({
        count: g.length + m.length,
        goodsCount: g.length,
        moneyCount: m.length,
        cancelledCount: [...g, ...m].filter((r) => r.status === 'CANCELLED').length,
        moneyTotal: baht(live(m).reduce((s, r) => s + cents(Number(r.amount)), 0)),
        moneyApprovedTotal: baht(
          m.filter((r) => r.status === 'APPROVED').reduce((s, r) => s + cents(Number(r.amount)), 0),
        ),
        goodsValueTotal: baht(live(g).reduce((s, r) => s + cents(r.value), 0)),
        goodsApprovedTotal: baht(
          g.filter((r) => r.status === 'APPROVED_2').reduce((s, r) => s + cents(r.value), 0),
        ),
      });
    }
  });
});

// Paging by key (docs/donations.md "Donation history"): the cursor arguments give the pages by number.
const KEYED = `query ($rows: Int, $sort: String, $direction: String, $kind: DonationKind, $currentPage: Int,
    $first: Int, $after: String, $last: Int, $before: String) {
  donationHistory(rows: $rows, sort: $sort, direction: $direction, kind: $kind, currentPage: $currentPage,
      first: $first, after: $after, last: $last, before: $before) {
    items { number } total currentPage startCursor endCursor hasNextPage hasPreviousPage
  }
}`;

interface KeyedPage {
  items: { number: string }[];
  total: number;
  currentPage: number;
  startCursor: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

async function keyed(who: Headers, variables: Record<string, unknown>): Promise<KeyedPage> {
  const res = await gql<{ donationHistory: KeyedPage }>(who, KEYED, variables);
  expect(res.error?.message, JSON.stringify(variables)).toBeUndefined();
  return res.data?.donationHistory as KeyedPage;
}

/** The pages by number, and by key forwards and backwards from the last, as document numbers. */
async function walks(who: Headers, rows: number, filters: Record<string, unknown> = {}) {
  const numbersOf = (p: KeyedPage) => p.items.map((r) => r.number);
  const { total } = await keyed(who, { ...filters, rows, currentPage: 1 });
  const pages = Math.ceil(total / rows);
  const byNumber: string[][] = [];
  for (let n = 1; n <= pages; n++)
    byNumber.push(numbersOf(await keyed(who, { ...filters, rows, currentPage: n })));
  const forward: string[][] = [];
  let at = await keyed(who, { ...filters, first: rows });
  forward.push(numbersOf(at));
  while (at.hasNextPage) {
    at = await keyed(who, { ...filters, first: rows, after: at.endCursor });
    forward.push(numbersOf(at));
  }
  const backward: string[][] = [];
  at = await keyed(who, { ...filters, last: rows });
  expect(at.currentPage).toBe(pages);
  backward.unshift(numbersOf(at));
  while (at.hasPreviousPage) {
    at = await keyed(who, { ...filters, last: rows, before: at.startCursor });
    backward.unshift(numbersOf(at));
  }
  return { byNumber, forward, backward, total };
}

describe('the donation history paged by key', () => {
  it('gives the pages by number forwards and backwards, in every sort, ties broken by type and id', async () => {
    for (const order of [
      {},
      { sort: 'donatedOn', direction: 'asc' },
      { sort: 'status', direction: 'asc' }, // APPROVED twice: a tie
      { sort: 'value', direction: 'desc' },
      { sort: 'number', direction: 'desc' },
    ]) {
      const { byNumber, forward, backward, total } = await walks(as.viewerBureau, 2, order);
      expect(total, JSON.stringify(order)).toBe(7);
      expect(byNumber.flat().sort()).toEqual(Object.values(numbers).sort());
      expect(forward, JSON.stringify(order)).toEqual(byNumber);
      expect(backward, JSON.stringify(order)).toEqual(byNumber);
    }
  });

  it('keeps the filters and the data scope', async () => {
    const a = await walks(as.viewerA, 2, { kind: 'MONEY' });
    expect(a.total).toBe(3);
    expect(a.forward).toEqual(a.byNumber);
    expect(a.backward.flat().sort()).toEqual([numbers.M1, numbers.M2, numbers.M3].sort());
    const b = await walks(as.viewerB, 1);
    expect(b.forward.flat().sort()).toEqual([numbers.G3, numbers.M4].sort());
  });

  it('refuses a tampered cursor, one of another sort and first with last (400)', async () => {
    const { endCursor } = await keyed(as.viewerBureau, { first: 2 });
    const decoded = JSON.parse(Buffer.from(endCursor as string, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...decoded, k: [1, ...decoded.k.slice(1)] })).toString(
      'base64url',
    );
    for (const variables of [
      { first: 2, after: tampered },
      { first: 2, after: 'e30' },
      { first: 2, after: endCursor, direction: 'asc' },
      { last: 2, first: 2 },
    ]) {
      const res = await gql(as.viewerBureau, KEYED, variables);
      expect(res.error?.extensions, JSON.stringify(variables)).toMatchObject({
        code: 'BAD_INPUT',
        status: 400,
        messageTh: expect.stringMatching(/[ก-๙]/),
        messageEn: expect.stringMatching(/cursor|first/),
      });
    }
  });
});
