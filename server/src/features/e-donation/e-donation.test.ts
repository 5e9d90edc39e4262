import type { EntityManager } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationUnit } from '../../kits/core/organisation.entity';
import type { Principal } from '../../platform/auth/principal';
import { bangkokToday } from '../../platform/dates';
import { fixtureAdministrator } from '../../testing/auth-helpers';
import { validId } from '../../testing/donor-fixtures';
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
import { eDonationPage, overdueEDonationRows } from './e-donation.queries';
import { EDonationKeying } from './e-donation.type';

// Issue 13: the e-Donation export (MN-111 export-data-revenue, MN-112 view-data-revenue) on the real
// server and database. A bureau of this file's own (EDON, under DSDW, whose tax id the receipts use)
// has two divisions; their donations are taken through their workflows by the people whose job it is:
// the rows are what the documents and their receipts say, never written here.

let t: TestApp;
const ids: Record<string, number> = {};
const as: Record<string, Headers> = {};
/** Document numbers by this file's names (M1, G1, …). */
const docs: Record<string, Doc> = {};
const UNIT = { th: 'หน่วยทดสอบอีโดเนชัน', en: 'e-Donation test unit' };
const TAX_X = validId('010555700001');
const TAX_P = validId('310170000001');
const TODAY = bangkokToday();

/** The 5th of the month after a yyyy-mm-dd day. */
const fifthOfNextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-05` : `${y}-${String(m + 1).padStart(2, '0')}-05`;
};

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);
const gql = <T>(who: Headers, query: string, variables: Record<string, unknown> = {}) =>
  gqlAs<T>(t, who, query, variables);

const goods = (
  division: { unit: OrganisationUnit; storageId: number },
  donor: number,
  donationDate: string,
  lines: { quantity: string; unitValue: string }[],
) => ({
  header: {
    donator: donor,
    receivingUnit: division.unit.id,
    storage: division.storageId,
    donationDate,
    objective: 'GENERAL',
  },
  lines: lines.map((l) => ({ resource: ids.RICE, character: 'NEW', priceFrom: 'MARKET', ...l })),
});

const money = (division: { accountId: number }, donor: number, donatedOn: string, amount: string) => ({
  header: {
    donor,
    donatedOn,
    amount,
    transferType: 'CASH',
    moneyAccount: division.accountId,
    objective: 'GENERAL',
  },
});

beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  const groups = new UserGroupService(em);
  await groups.save(fixtureAdministrator, {
    code: 'UG-EDW',
    name: 'ทดสอบผู้ทำงานรับบริจาค e-Donation',
    menuCodes: [
      ...['031', '032', '033', '034', '035', '036', '037', '038', '039', '040', '041'],
      ...['042', '043', '044', '045', '046', '047', '048', '049', '050'],
    ].map((n) => `MN-${n}`),
    transactionCode: null,
  });
  await groups.save(fixtureAdministrator, {
    code: 'UG-EDV',
    name: 'ทดสอบผู้ดู e-Donation',
    menuCodes: ['MN-112'],
    transactionCode: null,
  });
  await groups.save(fixtureAdministrator, {
    code: 'UG-EDX',
    name: 'ทดสอบผู้ส่งออก e-Donation',
    menuCodes: ['MN-111', 'MN-112'],
    transactionCode: null,
  });

  const bureau = await unitUnder(em, 'DSDW', 'EDON', 3, UNIT);
  const a = await divisionWithStock(em, 'EDON', 'EDON-A', UNIT);
  const b = await divisionWithStock(em, 'EDON', 'EDON-B', UNIT);
  ids.A = a.unit.id;
  const [rice] = await sql<{ id: number }>(`select id from ref_resource where code = 'RICE-5KG'`);
  ids.RICE = rice.id;
  const donors = await sql<{ id: number; code: string }>(
    `insert into ref_donator (code, donor_type, name_th, name_en, tax_id, status_code, created_at, updated_at)
     values ('ED-0001', 'JURISTIC', 'บริษัท น้ำใจไทย "ทดสอบ", จำกัด', 'Namjai Thai Co., Ltd.', ?, 'A', now(), now()),
            ('ED-0002', 'PERSON', 'นางสาวสมศรี ใจดี', null, ?, 'A', now(), now()),
            ('ED-0003', 'ANONYMOUS', 'ผู้ไม่ประสงค์ออกนามทดสอบ', null, null, 'A', now(), now())
     returning id, code`,
    [TAX_X, TAX_P],
  );
  ids.X = donors.find((d) => d.code === 'ED-0001')?.id as number;
  ids.P = donors.find((d) => d.code === 'ED-0002')?.id as number;
  ids.Y = donors.find((d) => d.code === 'ED-0003')?.id as number;

  const person = (username: string, unit: OrganisationUnit, group: string) =>
    staffMember(t, em, username, unit, group);
  as.maker = await person('edon.maker', a.unit, 'UG-EDW');
  as.approver1 = await person('edon.approver1', a.unit, 'UG-EDW');
  as.approver2 = await person('edon.approver2', a.unit, 'UG-EDW');
  as.makerB = await person('edon.maker.b', b.unit, 'UG-EDW');
  as.approverB = await person('edon.approver.b', b.unit, 'UG-EDW');
  as.viewer = await person('edon.viewer', a.unit, 'UG-EDV');
  as.exporter = await person('edon.exporter', a.unit, 'UG-EDX');
  as.exporterB = await person('edon.exporter.b', b.unit, 'UG-EDX');
  as.exporterBureau = await person('edon.exporter.bureau', bureau, 'UG-EDX');
  ids.exporter = (
    await sql<{ id: number }>(`select id from app_user where username = 'edon.exporter'`)
  )[0].id;

  const create = (who: Headers, type: string, input: Record<string, unknown>) =>
    createDoc(t, who, type, input);
  const act = (who: Headers, type: string, doc: Doc, action: string, extra: Record<string, unknown> = {}) =>
    actDoc(t, who, type, doc, action, extra);
  const approvedMoney = async (division: typeof a, donor: number, day: string, amount: string, b = false) =>
    act(
      b ? as.approverB : as.approver1,
      'MONEY_DONATION',
      await create(b ? as.makerB : as.maker, 'MONEY_DONATION', money(division, donor, day, amount)),
      'APPROVE',
    );

  // M1: the last day of January, so due by 5 February.
  docs.M1 = await approvedMoney(a, ids.X, '2026-01-31', '12345.67');
  // M2 waits for approval; M3 was approved and its receipt cancelled; M4's donor is anonymous.
  docs.M2 = await create(as.maker, 'MONEY_DONATION', money(a, ids.X, '2026-02-01', '500.00'));
  docs.M3 = await act(
    as.approver1,
    'MONEY_DONATION',
    await approvedMoney(a, ids.P, '2026-02-02', '777.00'),
    'CANCEL_RECEIPT',
    { reason: 'โอนผิดบัญชี' },
  );
  docs.M4 = await approvedMoney(a, ids.Y, '2026-02-03', '100.00');
  // M5 today: not due yet.
  docs.M5 = await approvedMoney(a, ids.P, TODAY, '0.01');
  // G1: 100 × 12.34 given, 80 accepted, approved at both levels: 80 × 12.34 = 987.20.
  let g1 = await create(
    as.maker,
    'GOODS_DONATION',
    goods(a, ids.P, '2026-02-15', [{ quantity: '100', unitValue: '12.34' }]),
  );
  g1 = await act(as.maker, 'GOODS_DONATION', g1, 'SUBMIT');
  const screen = (doc: Doc) =>
    act(as.maker, 'GOODS_DONATION', doc, 'SCREEN', {
      lines: [
        {
          id: doc.lines[0].id,
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
  g1 = await screen(g1);
  g1 = await act(as.approver1, 'GOODS_DONATION', g1, 'APPROVE_1');
  docs.G1 = await act(as.approver2, 'GOODS_DONATION', g1, 'APPROVE_2');
  // G2 approved at level 1 only: no evidence of receipt yet, not a row.
  let g2 = await create(
    as.maker,
    'GOODS_DONATION',
    goods(a, ids.X, '2026-02-16', [{ quantity: '100', unitValue: '5.00' }]),
  );
  g2 = await screen(await act(as.maker, 'GOODS_DONATION', g2, 'SUBMIT'));
  docs.G2 = await act(as.approver1, 'GOODS_DONATION', g2, 'APPROVE_1');
  // Division B: B1.
  docs.B1 = await approvedMoney(b, ids.P, '2026-03-10', '300.00', true);
  // B2 in December: due by 5 January of the next year.
  docs.B2 = await approvedMoney(b, ids.X, '2025-12-15', '250.00', true);
  expect(Object.fromEntries(Object.entries(docs).map(([name, d]) => [name, d.status]))).toEqual({
    M1: 'APPROVED',
    M2: 'PENDING',
    M3: 'CANCELLED',
    M4: 'APPROVED',
    M5: 'APPROVED',
    G1: 'APPROVED_2',
    G2: 'APPROVED_1',
    B1: 'APPROVED',
    B2: 'APPROVED',
  });
}, 240_000);
afterAll(() => t?.close());

interface Row {
  kind: string;
  documentType: string;
  id: number;
  number: string;
  donatedOn: string;
  dueOn: string;
  donorTaxId: string;
  donorName: string;
  donorType: string;
  value: string;
  revenueTypeCode: string;
  revenueTypeTh: string;
  receiptNumber: string;
  unitCode: string;
  keyedAt: string | null;
  keyedByUsername: string | null;
  keyedByName: string | null;
  overdue: boolean;
}

interface Totals {
  count: number;
  moneyCount: number;
  moneyTotal: string;
  goodsCount: number;
  goodsTotal: string;
  total: string;
  keyedCount: number;
  notKeyedCount: number;
  overdueCount: number;
}

const ROW = `kind documentType id number donatedOn dueOn donorTaxId donorName donorType value revenueTypeCode
  revenueTypeTh receiptNumber unitCode keyedAt keyedByUsername keyedByName overdue`;

const LIST = `query ($from: String, $to: String, $unitCode: String, $keying: EDonationKeying, $kind: DonationKind) {
  eDonationRows(from: $from, to: $to, unitCode: $unitCode, keying: $keying, kind: $kind, rows: 200) {
    items { ${ROW} }
    totals { count moneyCount moneyTotal goodsCount goodsTotal total keyedCount notKeyedCount overdueCount }
  }
}`;

const MARK = `mutation ($donations: [EDonationRowRef!]!) {
  markEDonationKeyed(donations: $donations) { changed rows { ${ROW} } }
}`;
const UNMARK = `mutation ($donations: [EDonationRowRef!]!, $reason: String!) {
  unmarkEDonationKeyed(donations: $donations, reason: $reason) { changed rows { ${ROW} } }
}`;

type Page = { items: Row[]; totals: Totals };

async function list(who: Headers, variables: Record<string, unknown> = {}): Promise<Page> {
  const res = await gql<{ eDonationRows: Page }>(who, LIST, variables);
  expect(res.error?.message).toBeUndefined();
  return res.data?.eDonationRows as Page;
}

/** This file's documents a list shows, by their names here, sorted. */
const names = (rows: { number: string }[]) => {
  const byNumber = Object.fromEntries(Object.entries(docs).map(([name, d]) => [d.number, name]));
  return rows
    .map((r) => byNumber[r.number])
    .filter(Boolean)
    .sort();
};

const ref = (name: string) => ({ kind: name.startsWith('G') ? 'GOODS' : 'MONEY', id: docs[name].id });

const receiptOf = async (type: string, id: number) =>
  (
    await sql<{ number: string }>(
      `select number from donation_receipt where document_type = ? and document_id = ? and voided_at is null`,
      [type, id],
    )
  )[0]?.number;

/** A principal as the server builds it, for calling the feature's functions directly. */
const exporterPrincipal = async (): Promise<Principal> => {
  const [unit] = await sql<{ path: string }>(`select path from organisation_unit where id = ?`, [ids.A]);
  return {
    userId: ids.exporter,
    sessionId: 'test',
    kind: 'STAFF',
    username: 'edon.exporter',
    groupCode: 'UG-EDX',
    menuCodes: new Set(['MN-111', 'MN-112']),
    unitId: ids.A,
    unitPath: unit.path,
  };
};

describe('the e-Donation rows (MN-112)', () => {
  it('lists approved money and valued goods donations with id, name, type, value and receipt, and nothing else', async () => {
    const page = await list(as.exporter);
    // M2 pending, M3 cancelled, M4 anonymous (no id to key), G2 not approved at level 2: absent.
    expect(names(page.items)).toEqual(['G1', 'M1', 'M5']);
    expect(page.items.map((r) => r.unitCode)).toEqual(['EDON-A', 'EDON-A', 'EDON-A']);
    const rows = Object.fromEntries(page.items.map((r) => [names([r])[0], r]));
    expect(rows.M1).toMatchObject({
      kind: 'MONEY',
      documentType: 'MONEY_DONATION',
      donatedOn: '2026-01-31',
      dueOn: '2026-02-05',
      donorTaxId: TAX_X,
      donorName: 'บริษัท น้ำใจไทย "ทดสอบ", จำกัด',
      donorType: 'JURISTIC',
      value: '12345.67',
      revenueTypeCode: '1',
      revenueTypeTh: 'เงิน',
      receiptNumber: await receiptOf('MONEY_DONATION', docs.M1.id),
      keyedAt: null,
      overdue: true,
    });
    expect(rows.M1.receiptNumber).toMatch(/^\d{4}\/\d{6}$/);
    // Goods are valued at what screening accepted: 80 × 12.34, not 100 × 12.34.
    expect(rows.G1).toMatchObject({
      kind: 'GOODS',
      donatedOn: '2026-02-15',
      dueOn: '2026-03-05',
      donorTaxId: TAX_P,
      donorName: 'นางสาวสมศรี ใจดี',
      donorType: 'PERSON',
      value: '987.20',
      revenueTypeCode: '2',
      revenueTypeTh: 'ทรัพย์สิน',
      receiptNumber: await receiptOf('GOODS_DONATION', docs.G1.id),
      overdue: true,
    });
    expect(rows.G1.receiptNumber).toMatch(/^G\d{4}\/\d{6}$/);
    expect(rows.M5).toMatchObject({ donatedOn: TODAY, value: '0.01', overdue: false });
    expect(page.totals).toEqual({
      count: 3,
      moneyCount: 2,
      moneyTotal: '12345.68',
      goodsCount: 1,
      goodsTotal: '987.20',
      total: '13332.88',
      keyedCount: 0,
      notKeyedCount: 3,
      overdueCount: 2,
    });
  });

  it('keeps to the data scope and the filters', async () => {
    const b = await list(as.exporterB);
    expect(names(b.items)).toEqual(['B1', 'B2']);
    expect(b.items.find((r) => r.number === docs.B2.number)).toMatchObject({
      donatedOn: '2025-12-15',
      dueOn: '2026-01-05',
    });
    expect(names((await list(as.viewer)).items)).toEqual(['G1', 'M1', 'M5']);
    // Donors' names and ids on the list are a staff read of personal data (PDPA), audited.
    const [read] = await sql<{ details: { DONATOR: number[]; via: string[] } }>(
      `select e.details from audit_event e join app_user u on u.id = e.actor_user_id
        where e.event = 'PERSONAL_DATA_READ' and u.username = 'edon.viewer' order by e.id desc limit 1`,
    );
    expect(read.details.via).toEqual(['eDonationRows']);
    expect(read.details.DONATOR).toEqual([ids.P, ids.X].sort((x, y) => x - y));
    const bureau = await list(as.exporterBureau);
    expect(names(bureau.items)).toEqual(['B1', 'B2', 'G1', 'M1', 'M5']);
    expect(bureau.totals.count).toBe(5);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ unitCode: 'EDON-B' }, ['B1', 'B2']],
      [{ to: '2025-12-31' }, ['B2']],
      [{ from: '2026-02-01', to: '2026-02-28' }, ['G1']],
      [{ from: '2026-01-31', to: '2026-01-31' }, ['M1']],
      [{ kind: 'GOODS' }, ['G1']],
      [{ keying: 'OVERDUE' }, ['B1', 'B2', 'G1', 'M1']],
      [{ keying: 'NOT_KEYED', unitCode: 'EDON-A' }, ['G1', 'M1', 'M5']],
      [{ keying: 'KEYED' }, []],
    ];
    for (const [variables, expected] of cases)
      expect(names((await list(as.exporterBureau, variables)).items), JSON.stringify(variables)).toEqual(
        expected,
      );
  });

  it('counts a row overdue from the 6th of the month after its donation date (Asia/Bangkok)', async () => {
    const me = await exporterPrincipal();
    const em = t.em().fork() as EntityManager;
    const overdueOn = async (today: string) =>
      names(
        (
          await eDonationPage(
            em,
            me,
            { keying: EDonationKeying.OVERDUE },
            { currentPage: 1, rows: 50 },
            { today },
          )
        ).items,
      );
    // M1 was given on 31 January: due by 5 February, overdue from 6 February; G1 (15 February) from 6 March.
    expect(await overdueOn('2026-02-05')).toEqual([]);
    expect(await overdueOn('2026-02-06')).toEqual(['M1']);
    expect(await overdueOn('2026-03-05')).toEqual(['M1']);
    expect(await overdueOn('2026-03-06')).toEqual(['G1', 'M1']);
    // What pending work reads: the count and the rows, in the user's scope only.
    const pending = await overdueEDonationRows(em, me, { today: '2026-02-06' });
    expect({ count: pending.count, rows: names(pending.rows) }).toEqual({ count: 1, rows: ['M1'] });
    expect(names((await overdueEDonationRows(em, me)).rows)).toEqual(['G1', 'M1']);
    // Someone who may not mark rows has none waiting for them.
    expect(await overdueEDonationRows(em, { ...me, menuCodes: new Set(['MN-112']) })).toEqual({
      count: 0,
      rows: [],
    });
  });

  it('refuses a reversed or badly written period and a unit outside the scope, in Thai and English', async () => {
    const bad: Record<string, unknown>[] = [
      { from: '2026-03-01', to: '2026-02-01' },
      { from: '31/01/2569' },
      { to: '2026-02-30' },
      { from: 'yesterday' },
    ];
    for (const variables of bad) {
      const res = await gql(as.exporter, LIST, variables);
      expect(res.error?.extensions, JSON.stringify(variables)).toMatchObject({
        code: 'BAD_INPUT',
        status: 400,
        messageTh: expect.stringMatching(/[ก-๙]/),
        messageEn: expect.stringMatching(/period/),
      });
    }
    const other = await gql(as.exporterB, LIST, { unitCode: 'EDON-A' });
    expect(other.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });
});

describe('keyed-in marks (MN-111)', () => {
  it('marks rows keyed by who and when, in bulk, idempotently, audited', async () => {
    const res = await gql<{ markEDonationKeyed: { changed: number; rows: Row[] } }>(as.exporter, MARK, {
      donations: [ref('M1'), ref('G1'), ref('M1')],
    });
    expect(res.error?.message).toBeUndefined();
    const marked = res.data?.markEDonationKeyed;
    expect(marked?.changed).toBe(2);
    expect(names(marked?.rows ?? [])).toEqual(['G1', 'M1']);
    for (const row of marked?.rows ?? [])
      expect(row).toMatchObject({
        keyedByUsername: 'edon.exporter',
        keyedByName: 'ทดสอบ edon.exporter',
        keyedAt: expect.any(String),
        overdue: false,
      });
    const first = marked?.rows[0].keyedAt;
    // Again: nothing changes, the first mark stands.
    const again = await gql<{ markEDonationKeyed: { changed: number; rows: Row[] } }>(as.exporter, MARK, {
      donations: [ref('M1'), ref('G1')],
    });
    expect(again.data?.markEDonationKeyed.changed).toBe(0);
    expect(again.data?.markEDonationKeyed.rows[0].keyedAt).toBe(first);
    const [audit] = await sql<{ details: { numbers: string[] }; n: number }>(
      `select details, count(*) over ()::int as n from audit_event where event = 'E_DONATION_KEYED' and actor_user_id = ?`,
      [ids.exporter],
    );
    expect(audit.n).toBe(1);
    expect([...audit.details.numbers].sort()).toEqual([docs.G1.number, docs.M1.number].sort());
    const page = await list(as.exporter, { keying: 'KEYED' });
    expect(names(page.items)).toEqual(['G1', 'M1']);
    expect(page.totals).toMatchObject({ keyedCount: 2, notKeyedCount: 0, overdueCount: 0 });
    expect(names((await list(as.exporter, { keying: 'OVERDUE' })).items)).toEqual([]);
    // The viewer sees who marked them.
    const seen = (await list(as.viewer, { keying: 'KEYED' })).items;
    expect(seen.map((r) => r.keyedByUsername)).toEqual(['edon.exporter', 'edon.exporter']);
  });

  it('takes a mark back with a reason only, keeping who and why, audited', async () => {
    const noReason = await gql(as.exporter, UNMARK, { donations: [ref('M1')], reason: '  ' });
    expect(noReason.error?.extensions).toMatchObject({
      code: 'BAD_INPUT',
      status: 400,
      messageTh: expect.any(String),
    });
    const res = await gql<{ unmarkEDonationKeyed: { changed: number; rows: Row[] } }>(as.exporter, UNMARK, {
      donations: [ref('M1')],
      reason: 'บันทึกผิดรายการ',
    });
    expect(res.error?.message).toBeUndefined();
    expect(res.data?.unmarkEDonationKeyed.changed).toBe(1);
    expect(res.data?.unmarkEDonationKeyed.rows[0]).toMatchObject({
      keyedAt: null,
      keyedByUsername: null,
      overdue: true,
    });
    const again = await gql<{ unmarkEDonationKeyed: { changed: number } }>(as.exporter, UNMARK, {
      donations: [ref('M1')],
      reason: 'ซ้ำ',
    });
    expect(again.data?.unmarkEDonationKeyed.changed).toBe(0);
    const marks = await sql<{ unmark_reason: string | null; unmarked_by: string | null }>(
      `select k.unmark_reason, u.username as unmarked_by from e_donation_mark k left join app_user u on u.id = k.unmarked_by_id
        where k.document_type = 'MONEY_DONATION' and k.document_id = ?`,
      [docs.M1.id],
    );
    expect(marks).toEqual([{ unmark_reason: 'บันทึกผิดรายการ', unmarked_by: 'edon.exporter' }]);
    const [audit] = await sql<{ details: { numbers: string[]; reason: string } }>(
      `select details from audit_event where event = 'E_DONATION_UNKEYED' and actor_user_id = ?`,
      [ids.exporter],
    );
    expect(audit.details).toEqual({ numbers: [docs.M1.number], reason: 'บันทึกผิดรายการ' });
    expect(names((await list(as.exporter, { keying: 'OVERDUE' })).items)).toEqual(['M1']);
    // Marked again later: a new mark, the old one kept.
    const remark = await gql<{ markEDonationKeyed: { changed: number } }>(as.exporter, MARK, {
      donations: [ref('M1')],
    });
    expect(remark.data?.markEDonationKeyed.changed).toBe(1);
    const [count] = await sql<{ n: number }>(
      `select count(*)::int as n from e_donation_mark where document_type = 'MONEY_DONATION' and document_id = ?`,
      [docs.M1.id],
    );
    expect(count.n).toBe(2);
  });

  it('refuses without MN-111 (403), another division’s row (403, audited), a missing one (404) and a donation that is not a row (409), writing nothing', async () => {
    const viewer = await gql(as.viewer, MARK, { donations: [ref('M5')] });
    expect(viewer.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const otherDivision = await gql(as.exporterB, MARK, { donations: [ref('M5')] });
    expect(otherDivision.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const [refusal] = await sql<{ n: number }>(
      `select count(*)::int as n from audit_event where event = 'PERMISSION_REFUSED' and subject = 'e-donation mark'`,
    );
    expect(refusal.n).toBe(1);
    const missing = await gql(as.exporter, MARK, { donations: [{ kind: 'MONEY', id: 2_000_000_000 }] });
    expect(missing.error?.extensions).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    // All or nothing: M5 is a row, M2 (pending) is not; M5 stays unmarked.
    for (const name of ['M2', 'M3', 'M4', 'G2']) {
      const res = await gql(as.exporter, MARK, { donations: [ref('M5'), ref(name)] });
      expect(res.error?.extensions, name).toMatchObject({
        code: 'NOT_E_DONATION_ROW',
        status: 409,
        messageTh: expect.stringContaining(docs[name].number),
        messageEn: expect.stringContaining(docs[name].number),
      });
    }
    const empty = await gql(as.exporter, MARK, { donations: [] });
    expect(empty.error?.extensions).toMatchObject({ code: 'BAD_INPUT', status: 400 });
    const [m5] = await sql<{ n: number }>(
      `select count(*)::int as n from e_donation_mark where document_type = 'MONEY_DONATION' and document_id = ?`,
      [docs.M5.id],
    );
    expect(m5.n).toBe(0);
  });
});

describe('the e-Donation file (MN-111)', () => {
  const download = (who: Headers, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/export/e-donation?${query}`, headers: who });

  const HEADER = [
    'เลขประจำตัวผู้เสียภาษีอากรของผู้บริจาค',
    'ชื่อผู้บริจาค',
    'ประเภทผู้บริจาค',
    'วันที่บริจาค',
    'จำนวนเงิน/มูลค่า (บาท)',
    'รหัสประเภทการบริจาค',
    'ประเภทการบริจาค',
    'เลขที่ใบเสร็จ/หลักฐานการรับบริจาค',
    'เลขที่เอกสาร',
    'หน่วยรับบริจาค',
    'กำหนดบันทึกภายใน',
    'สถานะการบันทึก',
    'บันทึกเมื่อ',
    'ผู้บันทึก',
  ];

  it('reads back from XLSX and CSV with the ids, Thai names, amounts, receipts and keying exact', async () => {
    // By now M1 and G1 are marked keyed (by edon.exporter) and M5 is not.
    const receipts = {
      M1: await receiptOf('MONEY_DONATION', docs.M1.id),
      G1: await receiptOf('GOODS_DONATION', docs.G1.id),
      M5: await receiptOf('MONEY_DONATION', docs.M5.id),
    };
    const unitA = 'หน่วยทดสอบอีโดเนชัน EDON-A';
    const xlsx = await download(as.exporter, 'format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['x-total-count']).toBe('3');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual(HEADER);
    const day = (v: unknown) => (v as Date).toISOString().slice(0, 10);
    const body = rows
      .slice(1)
      .map((r) => [...r.slice(0, 3), day(r[3]), ...r.slice(4, 10), day(r[10]), r[11], r[13]]);
    expect(body).toEqual([
      [
        TAX_X,
        'บริษัท น้ำใจไทย "ทดสอบ", จำกัด',
        'นิติบุคคล',
        '2026-01-31',
        12345.67,
        '1',
        'เงิน',
        receipts.M1,
        docs.M1.number,
        unitA,
        '2026-02-05',
        'บันทึกแล้ว',
        'ทดสอบ edon.exporter',
      ],
      [
        TAX_P,
        'นางสาวสมศรี ใจดี',
        'บุคคลธรรมดา',
        '2026-02-15',
        987.2,
        '2',
        'ทรัพย์สิน',
        receipts.G1,
        docs.G1.number,
        unitA,
        '2026-03-05',
        'บันทึกแล้ว',
        'ทดสอบ edon.exporter',
      ],
      [
        TAX_P,
        'นางสาวสมศรี ใจดี',
        'บุคคลธรรมดา',
        TODAY,
        0.01,
        '1',
        'เงิน',
        receipts.M5,
        docs.M5.number,
        unitA,
        fifthOfNextMonth(TODAY),
        'ยังไม่บันทึก',
        undefined,
      ],
    ]);
    // The tax id stays text (its leading zero kept), the keyed time a real date-time.
    expect(typeof rows[1][0]).toBe('string');
    expect(rows[1][12]).toBeInstanceOf(Date);

    const csv = await download(as.exporter, 'format=csv&keying=KEYED');
    expect(csv.statusCode).toBe(200);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: string[][] = parse(csv.rawPayload.toString('utf8').slice(1), {
      relax_column_count: false,
    });
    expect(records[0]).toEqual(HEADER);
    expect(records.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5], r[7], r[11], r[13]])).toEqual([
      [
        TAX_X,
        'บริษัท น้ำใจไทย "ทดสอบ", จำกัด',
        '31/01/2569',
        '12345.67',
        '1',
        receipts.M1,
        'บันทึกแล้ว',
        'ทดสอบ edon.exporter',
      ],
      [TAX_P, 'นางสาวสมศรี ใจดี', '15/02/2569', '987.20', '2', receipts.G1, 'บันทึกแล้ว', 'ทดสอบ edon.exporter'],
    ]);
    expect(records[1][12]).toMatch(/^\d{2}\/\d{2}\/25\d{2} \d{2}:\d{2}$/);
    // Another division's exporter gets only its own row.
    const other: string[][] = parse(
      (await download(as.exporterB, 'format=csv')).rawPayload.toString('utf8').slice(1),
    );
    expect(other.slice(1).map((r) => r[8])).toEqual([docs.B2.number, docs.B1.number]);
    const [audit] = await sql<{ n: number }>(
      `select count(*)::int as n from audit_event where event = 'EXPORT' and subject = 'e-donation' and actor_user_id = ?`,
      [ids.exporter],
    );
    expect(audit.n).toBe(2);
  });

  it('refuses without MN-111, and bad filters with a 4xx in Thai and English and no file', async () => {
    expect((await download(as.viewer, 'format=xlsx')).statusCode).toBe(403);
    for (const query of [
      'format=csv&from=2026-03-01&to=2026-02-01',
      'format=csv&from=31/01/2569',
      'format=csv&keying=LATE',
      'format=pdf',
    ]) {
      const res = await download(as.exporter, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toContain('application/json');
      expect(res.json(), query).toMatchObject({
        messageTh: expect.stringMatching(/[ก-๙]/),
        messageEn: expect.any(String),
      });
    }
    expect((await download(as.exporterB, 'format=csv&unitCode=EDON-A')).statusCode).toBe(403);
  });
});
