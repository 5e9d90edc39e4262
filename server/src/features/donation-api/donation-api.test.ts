import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { AuditEvent } from '../../platform/audit/audit-event.entity';
import { bearer, fixtureAdministrator, sessionToken } from '../../testing/auth-helpers';
import { recordStatements, type StatementRecorder } from '../../testing/sent-statements';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { staffMember } from '../../testing/test-bureau';
import { UserGroupService } from '../user-groups';
import { BENCH_GOODS_QUERY } from './goods-donations.bench-query';

// Issue 10, item 8: the donations API for integrators on the real server and database. A page of
// goods donations with donor, storage, items and their resources costs the same statements at 5 and
// at 50 donations (counted at the driver, as posting-cost.test.ts does); the bench's hand-written SQL
// endpoint answers the same JSON; another division's staff get none of this division's donations;
// the root fields' menus and the donor's own field permissions hold; filters and limits apply.

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

/** A request's statements: all of them, and those left once the session read is set aside. */
async function counted<T>(who: string, text: string, variables: Record<string, unknown>) {
  recorder.clear();
  const res = await gql<T>(who, text, variables);
  expect(res.error).toBeUndefined();
  // The activity write happens at most once a minute (identity.test.ts); a slow run may meet it.
  const all = sent().filter((s) => !/^update "user_session"/.test(s));
  const data = all.filter((s) => !/\buser_session\b/.test(s));
  return { data: res.data as T, all, statements: data };
}

async function staff(username: string, unitCode: string, group: string) {
  sessions[username] = await staffMember(t, t.em(), username, units[unitCode], group);
}

/**
 * Goods donations straight into the tables (as the bench loads its 100,000): `count` donations of
 * the unit owning the storage, each with `1 + g % 5` items (resources, quantities and values vary).
 */
async function loadDonations(storageCode: string, count: number, tag: string) {
  await sql(
    `with s as (select id, owner_unit_id from ref_storage where code = ?),
       d as (select (array(select id from ref_donator order by id)) ids),
       r as (select (array(select id from ref_resource order by id)) ids),
       who as (select id from app_user where username = 'admin.demo'),
       doc as (
         insert into doc_goods_donation (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
           updated_by, updated_at, donator_id, receiving_unit_id, storage_id, donation_date, objective)
         select format('DT-%s-%s', ?::text, lpad(g::text, 6, '0')), 2569,
           (array['DRAFT','SUBMITTED','SCREENED','APPROVED_1','APPROVED_2','CANCELLED'])[1 + g % 6], 1,
           s.owner_unit_id, who.id, now() - make_interval(mins => g), who.id, now() - make_interval(mins => g),
           d.ids[1 + g % array_length(d.ids, 1)], s.owner_unit_id, s.id, current_date - g % 40,
           (array['GENERAL','DISASTER_FLOOD','HOMELESS'])[1 + g % 3]
         from generate_series(1, ?::int) g, s, d, who
         returning id, (regexp_match(number, '(\\d+)$'))[1]::int as g
       )
     insert into doc_goods_donation_line (document_id, line_no, resource_id, character, quantity, counting_unit_id,
       unit_value, price_from, lot)
     select doc.id, k, r.ids[1 + (doc.g + k) % array_length(r.ids, 1)], 'NEW', (k * 2.5 + doc.g % 7)::numeric(14,3),
       (select counting_unit_id from ref_resource where id = r.ids[1 + (doc.g + k) % array_length(r.ids, 1)]),
       (10 + k)::numeric(14,2), 'RECEIPT', format('L-%s', k)
     from doc, r, generate_series(1, 5) k where k <= 1 + doc.g % 5`,
    [storageCode, tag, count],
  );
}

beforeAll(async () => {
  t = await startTestApp({ benchRoutes: true });
  const em = t.em();
  for (const code of ['OPS-P38-SDW', 'DSDW-P28-DON'])
    units[code] = await em.findOneOrFail(OrganisationUnit, { code });
  const groups = new UserGroupService(em);
  // Goods donations to read and donors' details; money donations too.
  await groups.save(fixtureAdministrator, {
    code: 'UG-TDA',
    name: 'ทดสอบอ่านเงินและสิ่งของบริจาค',
    menuCodes: ['MN-034', 'MN-038', 'MN-021'],
    transactionCode: null,
  });
  // Goods donations only: neither money donations nor donors' details.
  await groups.save(fixtureAdministrator, {
    code: 'UG-TDG',
    name: 'ทดสอบอ่านสิ่งของบริจาค',
    menuCodes: ['MN-034'],
    transactionCode: null,
  });
  await staff('reader.sdw', 'OPS-P38-SDW', 'UG-TDA');
  await staff('reader.don', 'DSDW-P28-DON', 'UG-TDA');
  await staff('goods.only', 'OPS-P38-SDW', 'UG-TDG');
  sessions.admin = bearer(await sessionToken(t, 'admin.demo'));
  // The demo seed's goods donations (made through the document kit) are Chiang Mai's too.
  await loadDonations('ST-P38-SDW', 60, 'SDW');
  await loadDonations('ST-P28-DON', 12, 'DON');
  recorder = recordStatements();
});
afterAll(async () => {
  recorder.restore();
  await t.close();
});

/** Every donation id a caller can list, page by page. */
async function everything(who: string, extra = '') {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { data, error } = await gql<{ goodsDonations: { items: { id: number }[] } }>(
      who,
      `query ($p: Int!) { goodsDonations(currentPage: $p, rows: 200${extra}) { items { id } } }`,
      { p: page },
    );
    expect(error).toBeUndefined();
    const items = data?.goodsDonations.items ?? [];
    ids.push(...items.map((i) => i.id));
    if (items.length < 200) return ids;
  }
}
interface BenchPage {
  goodsDonations: {
    items: {
      id: number;
      number: string;
      status: string;
      donor: { id: number; code: string };
      storage: { code: string };
      items: {
        lineNo: number;
        quantity: string;
        unitValue: string;
        resource: { id: number; code: string };
      }[];
    }[];
  };
}

const FULL = `query ($rows: Int!) {
  goodsDonations(rows: $rows) {
    total
    items {
      id number fiscalYear status donationDate objective remark createdAt updatedAt
      donor { id code donorType nameTh nameEn }
      receivingUnit { code nameTh }
      storage { id code nameTh organisation { code } }
      items { id lineNo character quantity unitValue priceFrom lot resource { id code nameTh } countingUnit { code nameTh } }
    }
  }
}`;

describe('goods donations as nested data', () => {
  it('answers each donation with its donor, storage, unit and items as the tables hold them', async () => {
    const { data, error } = await gql<{
      goodsDonations: {
        total: number;
        items: {
          id: number;
          donationDate: string;
          donor: { id: number; code: string };
          receivingUnit: { code: string };
          storage: { code: string; organisation: { code: string } };
          items: { lineNo: number; quantity: string; unitValue: string; resource: { code: string } }[];
        }[];
      };
    }>('reader.sdw', FULL, { rows: 8 });
    expect(error).toBeUndefined();
    const page = data?.goodsDonations;
    const [{ count }] = await sql<{ count: number }>(
      `select count(*)::int as count from doc_goods_donation d join organisation_unit u on u.id = d.owner_unit_id
       where u.code = 'OPS-P38-SDW'`,
    );
    expect(page?.total).toBe(count);
    expect(page?.items).toHaveLength(8);
    for (const d of page?.items ?? []) {
      const [row] = await sql<{ donor: string; day: string; storage: string; unit: string }>(
        `select dn.code as donor, d.donation_date::text as day, s.code as storage, u.code as unit
         from doc_goods_donation d join ref_donator dn on dn.id = d.donator_id
         join ref_storage s on s.id = d.storage_id join organisation_unit u on u.id = d.owner_unit_id where d.id = ?`,
        [d.id],
      );
      expect(d).toMatchObject({
        donationDate: row.day,
        donor: { code: row.donor },
        receivingUnit: { code: row.unit },
        storage: { code: row.storage, organisation: { code: 'OPS-P38-SDW' } },
      });
      const lines = await sql<{ line_no: number; quantity: string; unit_value: string; code: string }>(
        `select l.line_no, l.quantity::text as quantity, l.unit_value::text as unit_value, r.code
         from doc_goods_donation_line l join ref_resource r on r.id = l.resource_id where l.document_id = ? order by l.line_no`,
        [d.id],
      );
      expect(d.items).toEqual(
        lines.map((l) =>
          expect.objectContaining({
            lineNo: l.line_no,
            quantity: l.quantity,
            unitValue: l.unit_value,
            resource: expect.objectContaining({ code: l.code }),
          }),
        ),
      );
      expect(d.items.length).toBeGreaterThan(0);
    }
    // Newest first: each page row is newer than (or as new as) the next.
    const created = (page?.items ?? []).map((d) => d.id);
    const [{ ids }] = await sql<{ ids: number[] }>(
      `select array(select d.id from doc_goods_donation d join organisation_unit u on u.id = d.owner_unit_id
        where u.code = 'OPS-P38-SDW' order by d.created_at desc, d.id desc limit 8) as ids`,
    );
    expect(created).toEqual(ids);
  });

  it('costs the same statements for a page of 5 and of 50: at most 5, the session read included', async () => {
    const small = await counted<BenchPage>('reader.sdw', BENCH_GOODS_QUERY, { currentPage: 1, rows: 5 });
    const large = await counted<BenchPage>('reader.sdw', BENCH_GOODS_QUERY, { currentPage: 1, rows: 50 });
    expect(small.data.goodsDonations.items).toHaveLength(5);
    expect(large.data.goodsDonations.items).toHaveLength(50);
    // The 50 hold many donors, storages' rows and resources: batching, not luck, keeps the count.
    const donors = new Set(large.data.goodsDonations.items.map((d) => d.donor.id));
    const resources = new Set(
      large.data.goodsDonations.items.flatMap((d) => d.items.map((i) => i.resource.id)),
    );
    expect(donors.size).toBeGreaterThan(1);
    expect(resources.size).toBeGreaterThan(5);
    const listed = (s: string[]) => s.map((x) => x.replace(/\s+/g, ' ').slice(0, 140)).join('\n  ');
    expect(large.statements.length, listed(large.statements)).toBe(small.statements.length);
    console.info(`statements for a page of 50:\n  ${listed(large.all)}`);
    // The session is read once per request, as for every call; with it, the request stays within 5
    // (page, donors, storages, items with their resources).
    expect(large.all.length - large.statements.length).toBe(1);
    expect(large.all.length, listed(large.all)).toBeLessThanOrEqual(5);
    // The fuller query (units, the storage's organisation, counting units, the total) also stays constant.
    const fullSmall = await counted('reader.sdw', FULL, { rows: 5 });
    const fullLarge = await counted('reader.sdw', FULL, { rows: 50 });
    expect(fullLarge.statements.length, listed(fullLarge.statements)).toBe(fullSmall.statements.length);
    expect(fullLarge.statements.length, listed(fullLarge.statements)).toBeLessThanOrEqual(8);
  });

  it('answers the bench’s hand-written SQL page with exactly the JSON GraphQL answers', async () => {
    for (const [who, currentPage, rows] of [
      ['reader.sdw', 1, 5],
      ['reader.sdw', 1, 50],
      ['reader.sdw', 2, 30],
      ['reader.don', 1, 50],
      ['admin', 3, 20],
      ['reader.sdw', 99, 50],
    ] as const) {
      const graph = await gql<BenchPage>(who, BENCH_GOODS_QUERY, { currentPage, rows });
      expect(graph.error).toBeUndefined();
      const rest = await t.app.inject({
        method: 'GET',
        url: `/api/bench/goods-donations?currentPage=${currentPage}&rows=${rows}`,
        headers: sessions[who],
      });
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toEqual(graph.data?.goodsDonations);
    }
    // Its menu codes hold like the root field's.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/bench/goods-donations?rows=5',
      headers: bearer(await sessionToken(t, 'orgadmin.demo')),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('data scope and permissions', () => {
  const ownedBy = async (code: string) =>
    (
      await sql<{ id: number }>(
        `select d.id from doc_goods_donation d join organisation_unit u on u.id = d.owner_unit_id where u.code = ?`,
        [code],
      )
    ).map((r) => r.id);

  it('gives another division’s staff none of this division’s donations, and each its own', async () => {
    const sdw = await ownedBy('OPS-P38-SDW');
    const don = await ownedBy('DSDW-P28-DON');
    expect(sdw.length).toBeGreaterThan(60);
    expect(don).toHaveLength(12);
    expect((await everything('reader.don')).sort()).toEqual([...don].sort());
    expect((await everything('reader.sdw')).sort()).toEqual([...sdw].sort());
    // Naming the other division as the unit filter narrows the scope; it never widens it.
    expect(await everything('reader.don', `, unitId: ${units['OPS-P38-SDW'].id}`)).toEqual([]);
    const all = await everything('admin');
    expect(all).toEqual(expect.arrayContaining([...sdw, ...don]));
  });

  it('refuses money donations to a caller without a money menu, and donors’ details without view-donator', async () => {
    const money = await gql('goods.only', '{ moneyDonations { items { id } } }');
    expect(money.error?.extensions?.code).toBe('FORBIDDEN');
    const goods = await gql<{ goodsDonations: { items: unknown[] } }>(
      'goods.only',
      '{ goodsDonations(rows: 3) { items { id donor { code nameTh } } } }',
    );
    expect(goods.error).toBeUndefined();
    expect(goods.data?.goodsDonations.items).toHaveLength(3);
    const audited = async () => (await t.em().count(AuditEvent, { subject: 'Donor.taxId' })) as number;
    const before = await audited();
    // Asked for the tax id, directly or through a fragment, the whole field is refused before any read.
    for (const text of [
      '{ goodsDonations(rows: 3) { items { id donor { code taxId } } } }',
      'query { goodsDonations(rows: 3) { items { ...D } } } fragment D on GoodsDonation { donor { ... on Donor { taxId } } }',
    ]) {
      recorder.clear();
      const refused = await gql<{ goodsDonations: unknown }>('goods.only', text);
      expect(refused.error?.extensions?.code).toBe('FORBIDDEN');
      expect(refused.data?.goodsDonations ?? null).toBeNull();
      expect(sent().filter((s) => /doc_goods_donation|ref_donator/.test(s))).toEqual([]);
    }
    expect(await audited()).toBe(before + 2);
    // With view-donator the same query answers the tax ids as the donors hold them.
    const allowed = await gql<{
      goodsDonations: { items: { donor: { code: string; taxId: string | null } }[] };
    }>('reader.sdw', '{ goodsDonations(rows: 10) { items { donor { code taxId } } } }');
    expect(allowed.error).toBeUndefined();
    for (const { donor } of allowed.data?.goodsDonations.items ?? []) {
      const [row] = await sql<{ tax_id: string | null }>('select tax_id from ref_donator where code = ?', [
        donor.code,
      ]);
      expect(donor.taxId).toBe(row.tax_id);
    }
  });

  it('states every field’s permission in the schema', async () => {
    const { buildAppSchema, printAppSchema } = await import('../../platform/graphql/schema');
    const { resolvers } = await import('../../registry');
    const printed = printAppSchema(await buildAppSchema(resolvers));
    expect(printed).toMatch(/taxId: String @menu\(code: \["MN-020", "MN-021"\]\)/);
    expect(printed).toMatch(
      /goodsDonations\(.*\): GoodsDonationPage! @menu\(code: \["MN-034", "MN-041", "MN-044", "MN-047", "MN-052"\]\)/,
    );
    expect(printed).toMatch(
      /moneyDonations\(.*\): MoneyDonationPage! @menu\(code: \["MN-038", "MN-050", "MN-051"\]\)/,
    );
  });
});

describe('filters, paging and limits', () => {
  it('filters by period, status, donor and unit, and pages without overlap', async () => {
    const list = async (args: string) => {
      const { data, error } = await gql<{ goodsDonations: { total: number; items: { id: number }[] } }>(
        'reader.sdw',
        `{ goodsDonations(rows: 200, ${args}) { total items { id } } }`,
      );
      expect(error).toBeUndefined();
      return data?.goodsDonations as { total: number; items: { id: number }[] };
    };
    const expected = async (where: string, params: unknown[]) =>
      (
        await sql<{ id: number }>(
          `select d.id from doc_goods_donation d join organisation_unit u on u.id = d.owner_unit_id
           where u.code = 'OPS-P38-SDW' and ${where}`,
          params,
        )
      )
        .map((r) => r.id)
        .sort();
    const [{ donor }] = await sql<{ donor: number }>(
      `select donator_id as donor from doc_goods_donation where number like 'DT-SDW-%' limit 1`,
    );
    const [{ from, to }] = await sql<{ from: string; to: string }>(
      `select (current_date - 20)::text as from, (current_date - 10)::text as to`,
    );
    for (const [args, where, params] of [
      ['status: SCREENED', `d.status = 'SCREENED'`, []],
      [`from: "${from}", to: "${to}"`, 'd.donation_date between ?::date and ?::date', [from, to]],
      [`donorId: ${donor}`, 'd.donator_id = ?', [donor]],
      [`unitId: ${units['OPS-P38-SDW'].id}, status: DRAFT`, `d.status = 'DRAFT'`, []],
    ] as const) {
      const page = await list(args);
      const ids = await expected(where, [...params]);
      expect(ids.length).toBeGreaterThan(0);
      expect(page.items.map((i) => i.id).sort()).toEqual(ids);
      expect(page.total).toBe(ids.length);
    }
    const pages = await Promise.all(
      [1, 2, 3].map(async (p) => {
        const { data } = await gql<{ goodsDonations: { items: { id: number }[] } }>(
          'reader.sdw',
          `{ goodsDonations(currentPage: ${p}, rows: 25) { items { id } } }`,
        );
        return data?.goodsDonations.items.map((i) => i.id) ?? [];
      }),
    );
    expect(new Set(pages.flat()).size).toBe(pages.flat().length);
    expect(pages.flat()).toEqual((await everything('reader.sdw')).slice(0, pages.flat().length));
  });

  it('refuses bad filters and pages with a 4xx in Thai and English', async () => {
    for (const [args, field] of [
      ['from: "2026-02-30"', 'from'],
      ['to: "31/12/2025"', 'to'],
      ['from: "2026-03-01", to: "2026-02-01"', 'to'],
      ['rows: 201', 'rows'],
      ['currentPage: 0', 'currentPage'],
      ['from: "2026-01-01T00:00"', 'from'],
    ]) {
      const res = await gql('reader.sdw', `{ goodsDonations(${args}) { items { id } } }`);
      expect(res.error?.extensions?.code, args).toBe('BAD_INPUT');
      expect(res.status).toBeLessThan(500);
      expect(res.error?.extensions?.messageTh, args).toMatch(/[ก-๙]/);
      expect(`${res.error?.extensions?.messageEn}`, args).toContain(field);
    }
    const unknownStatus = await gql('reader.sdw', '{ goodsDonations(status: PENDING) { items { id } } }');
    expect(unknownStatus.error?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('applies the query limits: depth and aliases', async () => {
    const deep = `{ goodsDonations { items { storage { organisation { parent { parent { parent { parent { parent { parent { parent { parent { code } } } } } } } } } } } } }`;
    const tooDeep = await gql('reader.sdw', deep);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.error?.message).toMatch(/depth/i);
    const aliases = Array.from(
      { length: 21 },
      (_, i) => `a${i}: goodsDonations(rows: 1) { items { id } }`,
    ).join(' ');
    const tooMany = await gql('reader.sdw', `{ ${aliases} }`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.message).toMatch(/alias/i);
  });
});

describe('money donations and their receipts', () => {
  it('answers the demo donation with its donor, account, unit and receipt as issued', async () => {
    const { data, error } = await gql<{
      moneyDonations: {
        total: number;
        items: {
          id: number;
          number: string;
          status: string;
          amount: string;
          donor: { code: string };
          account: { code: string; organisation: { code: string } };
          receivingUnit: { code: string };
          receipt: {
            number: string;
            amount: string;
            void: boolean;
            printable: boolean;
            pdfUrl: string;
          } | null;
        }[];
      };
    }>(
      'admin',
      `{ moneyDonations(rows: 50) { total items { id number status amount donor { code }
         account { code organisation { code } } receivingUnit { code }
         receipt { number amount void printable pdfUrl } } } }`,
    );
    expect(error).toBeUndefined();
    // The demo seed's approved transfer from DN-000001 (the donor-account demo adds another from DN-000003).
    const approved = data?.moneyDonations.items.find(
      (d) => d.status === 'APPROVED' && d.donor.code === 'DN-000001',
    );
    const pending = data?.moneyDonations.items.find((d) => d.status === 'PENDING');
    const [receipt] = await sql<{ id: number; number: string; amount: string }>(
      `select id, number, amount::text as amount from donation_receipt where document_type = 'MONEY_DONATION' and document_id = ?`,
      [approved?.id],
    );
    expect(approved).toMatchObject({
      amount: '125000.50',
      donor: { code: 'DN-000001' },
      account: { code: 'AC-OPS-ACC' },
      receipt: {
        number: receipt.number,
        amount: receipt.amount,
        void: false,
        printable: true,
        pdfUrl: `/api/receipts/${receipt.id}/pdf`,
      },
    });
    expect(approved?.account.organisation.code).toBe(approved?.receivingUnit.code);
    expect(pending?.receipt).toBeNull();
    // A money reader of Chiang Mai sees neither of the demo donations (Ops and Khon Kaen own them).
    const outside = await gql<{ moneyDonations: { items: unknown[] } }>(
      'reader.sdw',
      '{ moneyDonations { items { id } } }',
    );
    expect(outside.data?.moneyDonations.items).toEqual([]);
  });
});
