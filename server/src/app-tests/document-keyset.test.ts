import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroupService } from '../features/user-groups';
import { fixtureAdministrator } from '../testing/auth-helpers';
import { recordStatements, type SentStatement, type StatementRecorder } from '../testing/sent-statements';
import { startTestApp, type TestApp } from '../testing/test-app';
import {
  createDoc,
  divisionWithStock,
  gqlAs,
  type Headers,
  staffMember,
  unitUnder,
} from '../testing/test-bureau';

// The document kit's lists paged by key (docs/document-kit.md "Paging by key"), on the real server and
// database: money donations of two divisions of this file's own bureau. Division A has 45 (one made
// through the API, the others copies of it by SQL), created in threes at the same instant so the sort
// value ties across page boundaries; division B has 6. Pages by key must be the pages by number.

let t: TestApp;
const as: Record<string, Headers> = {};
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);
let recorder: StatementRecorder;

interface Page {
  items: { id: number; number: string; status: string }[];
  total: number;
  currentPage: number;
  startCursor: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

const LIST = `query ($currentPage: Int, $rows: Int, $sort: String, $direction: String, $status: String,
    $first: Int, $after: String, $last: Int, $before: String) {
  documents(type: MONEY_DONATION, currentPage: $currentPage, rows: $rows, sort: $sort, direction: $direction,
      status: $status, first: $first, after: $after, last: $last, before: $before) {
    items { id number status } total currentPage startCursor endCursor hasNextPage hasPreviousPage
  }
}`;

async function list(who: Headers, variables: Record<string, unknown>) {
  const res = await gqlAs<{ documents: Page }>(t, who, LIST, variables);
  return { page: res.data?.documents as Page, error: res.error };
}

async function page(who: Headers, variables: Record<string, unknown>): Promise<Page> {
  const { page, error } = await list(who, variables);
  expect(error?.message).toBeUndefined();
  return page;
}

/** Every page by number, then by key forwards and backwards (from `last`), as lists of ids. */
async function walk(who: Headers, rows: number, filters: Record<string, unknown> = {}) {
  const byNumber: number[][] = [];
  const first = await page(who, { ...filters, rows, currentPage: 1 });
  const pages = Math.ceil(first.total / rows);
  for (let n = 1; n <= pages; n++)
    byNumber.push((await page(who, { ...filters, rows, currentPage: n })).items.map((d) => d.id));
  const forward: number[][] = [];
  let at = await page(who, { ...filters, first: rows });
  forward.push(at.items.map((d) => d.id));
  while (at.hasNextPage) {
    at = await page(who, { ...filters, first: rows, after: at.endCursor });
    forward.push(at.items.map((d) => d.id));
  }
  const backward: number[][] = [];
  at = await page(who, { ...filters, last: rows });
  expect(at.currentPage).toBe(pages);
  backward.unshift(at.items.map((d) => d.id));
  while (at.hasPreviousPage) {
    at = await page(who, { ...filters, last: rows, before: at.startCursor });
    backward.unshift(at.items.map((d) => d.id));
  }
  return { byNumber, forward, backward, total: first.total };
}

let unitA = 0;

beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  await new UserGroupService(em).save(fixtureAdministrator, {
    code: 'UG-KEY',
    name: 'ทดสอบการแบ่งหน้าตามคีย์',
    menuCodes: ['MN-035', 'MN-036', 'MN-038'],
    transactionCode: null,
  });
  await unitUnder(em, 'DSDW', 'KEYS', 3, { th: 'หน่วยทดสอบหน้า', en: 'Paging test unit' });
  const [donor] = await sql<{ id: number }>(`select id from ref_donator order by id limit 1`);
  for (const [name, count] of [
    ['A', 45],
    ['B', 6],
  ] as const) {
    const division = await divisionWithStock(em, 'KEYS', `KEYS-${name}`, {
      th: 'หน่วยทดสอบหน้า',
      en: 'Paging',
    });
    as[name] = await staffMember(t, em, `keys.${name.toLowerCase()}`, division.unit, 'UG-KEY');
    const doc = await createDoc(t, as[name], 'MONEY_DONATION', {
      header: {
        donor: donor.id,
        donatedOn: '2026-06-01',
        amount: '100.00',
        transferType: 'CASH',
        moneyAccount: division.accountId,
        objective: 'GENERAL',
      },
    });
    if (name === 'A') unitA = division.unit.id;
    // Copies, three to an instant: g = 1..count-1, created at 10:00 + floor(g / 3) seconds.
    await sql(
      `insert into doc_money_donation
       select (jsonb_populate_record(null::doc_money_donation, to_jsonb(d) || jsonb_build_object(
                 'id', nextval(pg_get_serial_sequence('doc_money_donation', 'id')),
                 'number', d.number || '-' || g,
                 'created_at', timestamptz '2026-06-01 10:00:00+07' + make_interval(secs => g / 3)))).*
         from doc_money_donation d, generate_series(1, ?::int) g where d.id = ?`,
      [count - 1, doc.id],
    );
  }
  // Some of A's cancelled, for a filter.
  await sql(`update doc_money_donation set status = 'CANCELLED' where owner_unit_id = ? and id % 4 = 0`, [
    unitA,
  ]);
  recorder = recordStatements();
}, 120_000);
afterAll(async () => {
  recorder.restore();
  await t.close();
});

describe('document lists paged by key', () => {
  it('answer the pages by number, forwards and backwards, with ties on the sort value broken by id', async () => {
    const { byNumber, forward, backward, total } = await walk(as.A, 10);
    expect(total).toBe(45);
    expect(forward).toEqual(byNumber);
    expect(backward).toEqual(byNumber);
    expect(byNumber.at(-1)).toHaveLength(5);
    // The order is the database's (created_at desc, id desc), and a page boundary splits three
    // documents created at one instant.
    const truth = await sql<{ id: number; created_at: string }>(
      `select id, created_at::text from doc_money_donation where owner_unit_id = ? order by created_at desc, id desc`,
      [unitA],
    );
    expect(byNumber.flat()).toEqual(truth.map((r) => r.id));
    const at = new Map(truth.map((r) => [r.id, r.created_at]));
    expect(byNumber.some((p, i) => i > 0 && at.get(p[0]) === at.get(byNumber[i - 1].at(-1) as number))).toBe(
      true,
    );
  });

  it('keep the filters, another sort and the data scope as the pages by number do', async () => {
    const filtered = await walk(as.A, 7, { status: 'PENDING', sort: 'number', direction: 'asc' });
    expect(filtered.total).toBeGreaterThan(7);
    expect(filtered.forward).toEqual(filtered.byNumber);
    expect(filtered.backward).toEqual(filtered.byNumber);
    const statuses = await walk(as.A, 6, { sort: 'status', direction: 'desc' });
    expect(statuses.forward).toEqual(statuses.byNumber);
    expect(statuses.backward).toEqual(statuses.byNumber);
    const b = await walk(as.B, 4);
    expect(b.total).toBe(6);
    expect(b.forward).toEqual(b.byNumber);
    expect(b.backward).toEqual(b.byNumber);
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from doc_money_donation where id in (${b.forward.flat().join(', ')}) and owner_unit_id = ?`,
      [unitA],
    );
    expect(n).toBe(0);
  });

  it('refuse a tampered cursor, one of another sort, and first with last, 400 in Thai and English', async () => {
    const { endCursor } = await page(as.A, { first: 5 });
    const decoded = JSON.parse(Buffer.from(endCursor as string, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...decoded, k: [decoded.k[0], 'x'] })).toString(
      'base64url',
    );
    for (const variables of [
      { first: 5, after: tampered },
      { first: 5, after: `${endCursor}!` },
      { first: 5, after: endCursor, sort: 'number' },
      { last: 5, before: 'bm90IGpzb24' },
      { first: 5, last: 5 },
    ]) {
      const { error } = await list(as.A, variables);
      expect(error?.extensions?.code, JSON.stringify(variables)).toBe('BAD_INPUT');
      expect(error?.extensions?.messageTh).toMatch(/[\u0E00-\u0E7F]/);
      expect(error?.extensions?.messageEn).toMatch(/first|last|cursor/);
    }
  });

  it('read about a page of rows for the last page by key and the one before it, not the whole list', async () => {
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from doc_money_donation`);
    expect(n).toBeGreaterThan(50);
    const last = await read({ last: 5 });
    const before = await read({ last: 5, before: last.page.startCursor });
    for (const r of [last, before]) {
      expect(r.read).toBeGreaterThan(0);
      // A page (5) and the one more that tells whether rows follow, read in groups of the rows that
      // share an instant (threes here): a few pages' worth at most, never the list's 45 or the table's.
      expect(r.read).toBeLessThanOrEqual(3 * (5 + 1));
    }
  });
});

/** The rows of doc_money_donation that EXPLAIN ANALYZE of the page statement a list call sent reads. */
async function read(variables: Record<string, unknown>): Promise<{ page: Page; read: number }> {
  recorder.clear();
  const answer = await page(as.A, variables);
  const select = recorder.sent.find(
    (s) => /from "doc_money_donation"/.test(s.text) && /\blimit\b/.test(s.text),
  );
  expect(select).toBeDefined();
  const { text, values } = select as SentStatement;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    // On a table this small the planner may read the division's 45 rows and sort them. Discouraged
    // from sorting and whole-table scans, as the cost of a large table discourages it, it reads the
    // order's index from the end, and a page is all it reads.
    await client.query('set enable_seqscan = off');
    await client.query('set enable_sort = off');
    const { rows } = await client.query(`explain (analyze, format json) ${text}`, [...values]);
    const plan = (rows as { 'QUERY PLAN': [{ Plan: PlanNode }] }[])[0]['QUERY PLAN'][0].Plan;
    const scanned = scans(plan).filter((s) => s['Relation Name'] === 'doc_money_donation');
    const count = scanned.reduce(
      (sum, s) => sum + (s['Actual Rows'] + (s['Rows Removed by Filter'] ?? 0)) * s['Actual Loops'],
      0,
    );
    return { page: answer, read: count };
  } finally {
    await client.end();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const scans = (n: PlanNode): PlanNode[] => [
  ...(n['Relation Name'] ? [n] : []),
  ...(n.Plans ?? []).flatMap(scans),
];
