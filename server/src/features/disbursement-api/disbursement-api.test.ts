import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../../kits/core/user.entity';
import { bearer, fixtureAdministrator, sessionToken } from '../../testing/auth-helpers';
import { recordStatements, type StatementRecorder } from '../../testing/sent-statements';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { UserGroupService } from '../user-groups';
import { newUser } from '../users';
import { BENCH_DISBURSEMENTS_QUERY } from './resource-disbursements.bench-query';

// Issue 12, the disbursements API on the real server and database: a page of resource disbursements
// with the support request, storage and its division, delivery and lines with their resource and
// counting unit costs the same statements at 5 and at 50 disbursements (counted at the driver, as
// donation-api.test.ts does; a relation read row by row would add statements per row); the bench's
// hand-written SQL endpoint answers the same JSON; another division's staff get none of this
// division's disbursements; menus (root fields and the requester's name) and paging limits hold.

let t: TestApp;
const sessions: Record<string, Record<string, string>> = {};
const units: Record<string, OrganisationUnit> = {};
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

/** Statements the server sends, as the driver sees them (BEGIN and COMMIT included). */
let recorder: StatementRecorder;
const sent = () => recorder.texts();

interface GqlError {
  message: string;
  extensions?: { code?: string; messageTh?: string; messageEn?: string };
}

async function gql<T>(who: string, text: string, variables: Record<string, unknown> = {}) {
  const res = await t.graphql<T>(text, variables, sessions[who]);
  return { status: res.status, data: res.body.data, error: res.body.errors?.[0] as GqlError | undefined };
}

/** A request's statements, the session's reads and writes set aside. */
async function counted<T>(who: string, text: string, variables: Record<string, unknown>) {
  recorder.clear();
  const res = await gql<T>(who, text, variables);
  expect(res.error).toBeUndefined();
  const all = sent().filter((s) => !/^update "user_session"/.test(s));
  const data = all.filter((s) => !/\buser_session\b/.test(s));
  return { data: res.data as T, all, statements: data };
}

async function staff(username: string, unitCode: string, group: string) {
  const em = t.em();
  newUser(em, {
    kind: 'STAFF',
    username,
    email: `${username}@example.com`,
    passwordHash: 'not-used',
    firstNameTh: 'ทดสอบ',
    lastNameTh: username,
    userStatusCode: UserStatus.Active,
    requestStatusCode: RequestStatus.Approved,
    userGroupCode: group,
    organisationUnit: ref(units[unitCode]),
  });
  await em.flush();
  sessions[username] = bearer(await sessionToken(t, username));
}

/**
 * Support requests of the unit (`count`, tagged), straight into the table as the bench loads them:
 * odd ones asked by a person, even ones by an office.
 */
async function loadRequests(unitCode: string, count: number, tag: string) {
  await sql(
    `with u as (select id from organisation_unit where code = ?),
       o as (select (array(select id from ref_external_office order by id)) ids),
       who as (select id from app_user where username = 'admin.demo')
     insert into doc_support_request (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
       updated_by, updated_at, unit_id, requester_kind, requester_office_id, requester_name, receiver_type, province,
       request_date, urgency, purpose)
     select format('RS-%s-%s', ?::text, lpad(g::text, 6, '0')), 2569, 'APPROVED', 1, u.id, who.id, now(), who.id, now(),
       u.id, case when g % 2 = 1 then 'PERSON' else 'OFFICE' end,
       case when g % 2 = 1 then null else o.ids[1 + g % array_length(o.ids, 1)] end,
       case when g % 2 = 1 then format('ผู้ขอ %s', g) end, 'PERSON', 10 + g % 60, current_date - g,
       (array['VERY_URGENT','URGENT','NORMAL'])[1 + g % 3], 'ทดสอบ'
     from generate_series(1, ?::int) g, u, o, who`,
    [unitCode, tag, count],
  );
}

/**
 * Resource disbursements of the storage's unit, each with `1 + g % 5` lines (resources, lots and
 * quantities vary); every other one answers one of the tagged support requests, every third is
 * delivered. Document rows only: reading them needs no balances.
 */
async function loadDisbursements(storageCode: string, count: number, tag: string) {
  await sql(
    `with s as (select id, owner_unit_id from ref_storage where code = ?),
       q as (select (array(select id from doc_support_request where number like format('RS-%s-%%', ?::text) order by id)) ids),
       r as (select (array(select id from ref_resource order by id)) ids),
       who as (select id from app_user where username = 'admin.demo'),
       doc as (
         insert into doc_resource_disbursement (number, fiscal_year, status, version, owner_unit_id, created_by,
           created_at, updated_by, updated_at, storage_id, recipient_name, support_request_id, delivered_on, received_by,
           result_date, beneficiaries, outcome)
         select format('RD-%s-%s', ?::text, lpad(g::text, 6, '0')), 2569,
           case when g % 6 = 0 then 'COMPLETED' when g % 3 = 0 then 'DELIVERED'
             else (array['DRAFT','PENDING_APPROVAL','APPROVED'])[1 + g % 3] end, 1,
           s.owner_unit_id, who.id, now() - make_interval(mins => g), who.id, now() - make_interval(mins => g),
           s.id, format('ผู้รับ %s', g), case when g % 2 = 0 then q.ids[1 + g % array_length(q.ids, 1)] end,
           case when g % 3 = 0 then current_date - g % 30 end, case when g % 3 = 0 then format('ผู้รับมอบ %s', g) end,
           case when g % 6 = 0 then current_date - g % 30 end, case when g % 6 = 0 then g * 3 end,
           case when g % 6 = 0 then format('ถึงมือผู้รับ %s ครัวเรือน', g) end
         from generate_series(1, ?::int) g, s, q, who
         returning id, status, (regexp_match(number, '(\\d+)$'))[1]::int as g
       )
     insert into doc_resource_disbursement_line (document_id, line_no, resource_id, lot, expiry_date, quantity,
       unit_value, delivered_quantity)
     select doc.id, k, r.ids[1 + (doc.g + k) % array_length(r.ids, 1)], format('L-%s', k), current_date + k * 30,
       (k * 2.5 + doc.g % 7)::numeric(14,3), (10 + k)::numeric(14,2),
       case when doc.status in ('DELIVERED', 'COMPLETED') then (k * 2 + doc.g % 7)::numeric(14,3) end
     from doc, r, generate_series(1, 5) k where k <= 1 + doc.g % 5`,
    [storageCode, tag, tag, count],
  );
}

beforeAll(async () => {
  t = await startTestApp({ benchRoutes: true });
  const em = t.em();
  for (const code of ['OPS-P38-SDW', 'DSDW-P28-DON'])
    units[code] = await em.findOneOrFail(OrganisationUnit, { code });
  const groups = new UserGroupService(em);
  // Resource and money disbursements, and support requests (the requester's name).
  await groups.save(fixtureAdministrator, {
    code: 'UG-TRD',
    name: 'ทดสอบอ่านการเบิกจ่าย',
    menuCodes: ['MN-070', 'MN-077', 'MN-063'],
    transactionCode: null,
  });
  // Resource disbursements only.
  await groups.save(fixtureAdministrator, {
    code: 'UG-TRO',
    name: 'ทดสอบอ่านการเบิกจ่ายสิ่งของ',
    menuCodes: ['MN-070'],
    transactionCode: null,
  });
  await staff('reader.sdw', 'OPS-P38-SDW', 'UG-TRD');
  await staff('reader.don', 'DSDW-P28-DON', 'UG-TRD');
  await staff('resource.only', 'OPS-P38-SDW', 'UG-TRO');
  sessions.admin = bearer(await sessionToken(t, 'admin.demo'));
  sessions.orgadmin = bearer(await sessionToken(t, 'orgadmin.demo'));
  await loadRequests('OPS-P38-SDW', 20, 'SDW');
  await loadRequests('DSDW-P28-DON', 4, 'DON');
  await loadDisbursements('ST-P38-SDW', 60, 'SDW');
  await loadDisbursements('ST-P28-DON', 12, 'DON');
  recorder = recordStatements();
});
afterAll(async () => {
  recorder.restore();
  await t.close();
});

interface BenchLine {
  lineNo: number;
  lot: string | null;
  expiryDate: string | null;
  quantity: string;
  deliveredQuantity: string | null;
  resource: { id: number; code: string; nameTh: string };
  countingUnit: { id: number; code: string; nameTh: string } | null;
}
interface BenchItem {
  id: number;
  number: string;
  status: string;
  recipientName: string;
  supportRequest: { id: number; number: string; status: string; province: number; urgency: string } | null;
  storage: { id: number; code: string; nameTh: string; organisation: { id: string; code: string } };
  delivery: { deliveredOn: string; receivedBy: string } | null;
  result: { recordedOn: string; beneficiaries: number; outcome: string } | null;
  lines: BenchLine[];
}
type BenchPage = { resourceDisbursements: { items: BenchItem[] } };

/** Every disbursement id a caller can list, page by page. */
async function everything(who: string, extra = '') {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { data, error } = await gql<{ resourceDisbursements: { items: { id: number }[] } }>(
      who,
      `{ resourceDisbursements(currentPage: ${page}, rows: 50${extra}) { items { id } } }`,
    );
    expect(error).toBeUndefined();
    const items = data?.resourceDisbursements.items ?? [];
    ids.push(...items.map((d) => d.id));
    if (items.length < 50) return ids;
  }
}

describe('resource disbursements as nested data', () => {
  it('answers each disbursement with its request, storage, delivery, result and lines as the tables hold them', async () => {
    const { data, error } = await gql<BenchPage>('reader.sdw', BENCH_DISBURSEMENTS_QUERY, {
      currentPage: 1,
      rows: 30,
    });
    expect(error).toBeUndefined();
    const items = data?.resourceDisbursements.items ?? [];
    expect(items).toHaveLength(30);
    // Newest first, as the division's disbursements are made.
    const newest = await sql<{ number: string }>(
      `select d.number from doc_resource_disbursement d join organisation_unit u on u.id = d.owner_unit_id
       where u.code = 'OPS-P38-SDW' order by d.created_at desc, d.id desc limit 30`,
    );
    expect(items.map((d) => d.number)).toEqual(newest.map((r) => r.number));
    // The page holds completed ones with their result, and ones without.
    expect(items.filter((d) => d.result).length).toBeGreaterThan(0);
    expect(items.filter((d) => !d.result).length).toBeGreaterThan(0);
    for (const d of items) {
      const [row] = await sql<{
        support_request_id: number | null;
        delivered_on: string | null;
        received_by: string | null;
        result_date: string | null;
        beneficiaries: number | null;
        outcome: string | null;
        storage_code: string;
        unit_code: string;
      }>(
        `select d.support_request_id, to_char(d.delivered_on, 'YYYY-MM-DD') as delivered_on, d.received_by,
           to_char(d.result_date, 'YYYY-MM-DD') as result_date, d.beneficiaries, d.outcome, s.code as storage_code, u.code as unit_code
         from doc_resource_disbursement d join ref_storage s on s.id = d.storage_id
           join organisation_unit u on u.id = s.owner_unit_id where d.id = ?`,
        [d.id],
      );
      expect(d.storage.code).toBe(row.storage_code);
      expect(d.storage.organisation.code).toBe(row.unit_code);
      expect(d.delivery).toEqual(
        row.delivered_on ? { deliveredOn: row.delivered_on, receivedBy: row.received_by } : null,
      );
      expect(d.result).toEqual(
        row.result_date
          ? { recordedOn: row.result_date, beneficiaries: row.beneficiaries, outcome: row.outcome }
          : null,
      );
      if (row.support_request_id === null) expect(d.supportRequest).toBeNull();
      else {
        const [request] = await sql<{ number: string; province: number; urgency: string }>(
          'select number, province, urgency from doc_support_request where id = ?',
          [row.support_request_id],
        );
        expect(d.supportRequest).toMatchObject({ id: row.support_request_id, ...request });
      }
      const lines = await sql<{ line_no: number; quantity: string; code: string; unit_code: string | null }>(
        `select l.line_no, l.quantity::text as quantity, r.code, c.code as unit_code
         from doc_resource_disbursement_line l join ref_resource r on r.id = l.resource_id
           left join ref_counting_unit c on c.id = r.counting_unit_id
         where l.document_id = ? order by l.line_no`,
        [d.id],
      );
      expect(
        d.lines.map((l) => [l.lineNo, l.quantity, l.resource.code, l.countingUnit?.code ?? null]),
      ).toEqual(lines.map((l) => [l.line_no, l.quantity, l.code, l.unit_code]));
    }
    // The page holds both kinds: with and without a request, delivered and not.
    expect(items.some((d) => d.supportRequest) && items.some((d) => !d.supportRequest)).toBe(true);
    expect(items.some((d) => d.delivery) && items.some((d) => !d.delivery)).toBe(true);
  });

  it('costs the same statements for a page of 5 and of 50: at most 5, the session read included', async () => {
    const small = await counted<BenchPage>('reader.sdw', BENCH_DISBURSEMENTS_QUERY, {
      currentPage: 1,
      rows: 5,
    });
    const large = await counted<BenchPage>('reader.sdw', BENCH_DISBURSEMENTS_QUERY, {
      currentPage: 1,
      rows: 50,
    });
    expect(small.data.resourceDisbursements.items).toHaveLength(5);
    expect(large.data.resourceDisbursements.items).toHaveLength(50);
    // The 50 name many requests and resources: batching, not luck, keeps the count.
    const items = large.data.resourceDisbursements.items;
    expect(
      new Set(items.flatMap((d) => (d.supportRequest ? [d.supportRequest.id] : []))).size,
    ).toBeGreaterThan(5);
    expect(new Set(items.flatMap((d) => d.lines.map((l) => l.resource.id))).size).toBeGreaterThan(5);
    const listed = (s: string[]) => s.map((x) => x.replace(/\s+/g, ' ').slice(0, 140)).join('\n  ');
    expect(large.statements.length, listed(large.statements)).toBe(small.statements.length);
    console.info(`statements for a page of 50:\n  ${listed(large.all)}`);
    // Page, support requests, storages with their divisions, lines with their resources and
    // counting units; the session read on top.
    expect(large.all.length - large.statements.length).toBe(1);
    expect(large.all.length, listed(large.all)).toBeLessThanOrEqual(5);
  });

  it('answers the bench’s hand-written SQL page with exactly the JSON GraphQL answers', async () => {
    for (const [who, currentPage, rows] of [
      ['reader.sdw', 1, 5],
      ['reader.sdw', 1, 50],
      ['reader.sdw', 2, 30],
      ['reader.don', 1, 50],
      ['admin', 1, 50],
      ['reader.sdw', 99, 50],
    ] as const) {
      const graph = await gql<BenchPage>(who, BENCH_DISBURSEMENTS_QUERY, { currentPage, rows });
      expect(graph.error).toBeUndefined();
      const rest = await t.app.inject({
        method: 'GET',
        url: `/api/bench/resource-disbursements?currentPage=${currentPage}&rows=${rows}`,
        headers: sessions[who],
      });
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toEqual(graph.data?.resourceDisbursements);
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/bench/resource-disbursements?rows=5',
      headers: sessions.orgadmin,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('data scope and permissions', () => {
  const ownedBy = async (code: string) =>
    (
      await sql<{ id: number }>(
        `select d.id from doc_resource_disbursement d join organisation_unit u on u.id = d.owner_unit_id
         where u.code = ?`,
        [code],
      )
    ).map((r) => r.id);

  it('gives another division’s staff none of this division’s disbursements, and each its own', async () => {
    const sdw = await ownedBy('OPS-P38-SDW');
    const don = await ownedBy('DSDW-P28-DON');
    expect(sdw.length).toBeGreaterThanOrEqual(60);
    expect(don.length).toBeGreaterThanOrEqual(12);
    expect((await everything('reader.don')).sort()).toEqual([...don].sort());
    expect((await everything('reader.sdw')).sort()).toEqual([...sdw].sort());
    expect(await everything('reader.don', `, unitId: ${units['OPS-P38-SDW'].id}`)).toEqual([]);
    expect(await everything('admin')).toEqual(expect.arrayContaining([...sdw, ...don]));
  });

  it('refuses money disbursements without a money menu, and the requester’s name without a request menu', async () => {
    const money = await gql('resource.only', '{ moneyDisbursements { items { id } } }');
    expect(money.error?.extensions?.code).toBe('FORBIDDEN');
    const plain = await gql<{ resourceDisbursements: { items: unknown[] } }>(
      'resource.only',
      '{ resourceDisbursements(rows: 3) { items { id supportRequest { number urgency } } } }',
    );
    expect(plain.error).toBeUndefined();
    expect(plain.data?.resourceDisbursements.items).toHaveLength(3);
    recorder.clear();
    const named = await gql<{ resourceDisbursements: unknown }>(
      'resource.only',
      '{ resourceDisbursements(rows: 3) { items { id supportRequest { requesterName } } } }',
    );
    expect(named.error?.extensions?.code).toBe('FORBIDDEN');
    expect(named.data?.resourceDisbursements ?? null).toBeNull();
    expect(sent().filter((s) => /doc_resource_disbursement|doc_support_request/.test(s))).toEqual([]);
    // With view-reqs-support the names come as the requests hold them.
    const allowed = await gql<{
      resourceDisbursements: {
        items: { supportRequest: { id: number; requesterName: string | null } | null }[];
      };
    }>('reader.sdw', '{ resourceDisbursements(rows: 20) { items { supportRequest { id requesterName } } } }');
    expect(allowed.error).toBeUndefined();
    const named2 = (allowed.data?.resourceDisbursements.items ?? []).flatMap((d) =>
      d.supportRequest ? [d.supportRequest] : [],
    );
    expect(named2.some((r) => r.requesterName)).toBe(true);
    for (const r of named2) {
      const [row] = await sql<{ requester_name: string | null }>(
        'select requester_name from doc_support_request where id = ?',
        [r.id],
      );
      expect(r.requesterName).toBe(row.requester_name);
    }
    // No resource menu at all: the root field is refused.
    const none = await gql('orgadmin', '{ resourceDisbursements { items { id } } }');
    expect(none.error?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('money disbursements, filters and limits', () => {
  it('answers money disbursements with the account, its division and the transfer, within the scope', async () => {
    const { data, error } = await gql<{
      moneyDisbursements: {
        items: {
          id: number;
          amount: string;
          account: { code: string; organisation: { code: string } };
          owningUnit: { code: string };
          transfer: { transferredOn: string; transferReference: string } | null;
        }[];
        total: number;
      };
    }>(
      'admin',
      `{ moneyDisbursements(rows: 50) { total items { id amount account { code organisation { code } }
         owningUnit { code } transfer { transferredOn transferReference } } } }`,
    );
    expect(error).toBeUndefined();
    const rows = await sql<{
      id: number;
      amount: string;
      code: string;
      unit: string;
      transferred_on: string | null;
    }>(
      `select d.id, d.amount::text as amount, a.code, u.code as unit, to_char(d.transferred_on, 'YYYY-MM-DD') as transferred_on
       from doc_money_disbursement d join ref_money_account a on a.id = d.money_account_id
         join organisation_unit u on u.id = a.owner_unit_id order by d.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(data?.moneyDisbursements.total).toBe(rows.length);
    expect(
      [...(data?.moneyDisbursements.items ?? [])]
        .sort((a, b) => a.id - b.id)
        .map((d) => [
          d.id,
          d.amount,
          d.account.code,
          d.account.organisation.code,
          d.owningUnit.code,
          d.transfer?.transferredOn ?? null,
        ]),
    ).toEqual(rows.map((r) => [r.id, r.amount, r.code, r.unit, r.unit, r.transferred_on]));
    // The demo's money disbursements are none of Nakhon Nayok's.
    const other = await gql<{ moneyDisbursements: { items: unknown[] } }>(
      'reader.don',
      '{ moneyDisbursements { items { id } } }',
    );
    expect(other.data?.moneyDisbursements.items).toEqual([]);
  });

  it('filters by status and delivery date', async () => {
    const delivered = await gql<{
      resourceDisbursements: {
        total: number;
        items: { status: string; delivery: { deliveredOn: string } | null }[];
      };
    }>(
      'reader.sdw',
      '{ resourceDisbursements(rows: 200, status: DELIVERED) { total items { status delivery { deliveredOn } } } }',
    );
    expect(delivered.error).toBeUndefined();
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from doc_resource_disbursement d join organisation_unit u on u.id = d.owner_unit_id
       where u.code = 'OPS-P38-SDW' and d.status = 'DELIVERED'`,
    );
    expect(delivered.data?.resourceDisbursements.total).toBe(n);
    expect(
      delivered.data?.resourceDisbursements.items.every((d) => d.status === 'DELIVERED' && d.delivery),
    ).toBe(true);
    const day = delivered.data?.resourceDisbursements.items[0].delivery?.deliveredOn as string;
    const onDay = await gql<{ resourceDisbursements: { items: { delivery: { deliveredOn: string } }[] } }>(
      'reader.sdw',
      `{ resourceDisbursements(rows: 200, from: "${day}", to: "${day}") { items { delivery { deliveredOn } } } }`,
    );
    expect(onDay.data?.resourceDisbursements.items.length).toBeGreaterThan(0);
    expect(onDay.data?.resourceDisbursements.items.every((d) => d.delivery.deliveredOn === day)).toBe(true);
  });

  it('refuses bad pages and filters with a 4xx in Thai and English', async () => {
    for (const [args, field] of [
      ['rows: 201', 'rows'],
      ['rows: 0', 'rows'],
      ['currentPage: 0', 'currentPage'],
      ['from: "2026-02-30"', 'from'],
      ['from: "2026-03-01", to: "2026-02-01"', 'to'],
    ]) {
      for (const root of ['resourceDisbursements', 'moneyDisbursements']) {
        const res = await gql('reader.sdw', `{ ${root}(${args}) { items { id } } }`);
        expect(res.error?.extensions?.code, args).toBe('BAD_INPUT');
        expect(res.status).toBeLessThan(500);
        expect(res.error?.extensions?.messageTh, args).toMatch(/[ก-๙]/);
        expect(`${res.error?.extensions?.messageEn}`, args).toContain(field);
      }
    }
    const bench = await t.app.inject({
      method: 'GET',
      url: '/api/bench/resource-disbursements?rows=500',
      headers: sessions['reader.sdw'],
    });
    expect(bench.statusCode).toBe(400);
  });
});
