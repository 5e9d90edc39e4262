import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../kits/ledger/ledger.service';
import { fiscalYearBE } from '../platform/dates';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// Adjustment and initial money on the document kit, the ledger views and the public short-supply list.

let t: TestApp;
let admin: Record<string, string>;
const ids: Record<string, number> = {};
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, table, code] of [
    ['DON', 'ref_storage', 'ST-P28-DON'],
    ['WATER', 'ref_resource', 'WATER-600'],
    ['RICE', 'ref_resource', 'RICE-5KG'],
    ['FOUND', 'ref_missing_excess_reason', 'UNRECORDED'],
    ['ACCOUNT', 'ref_money_account', 'AC-P28-DON'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    if (!row) throw new Error(`demo ${table} ${code} missing`);
    ids[key] = row.id;
  }
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(() => t.close());

async function gql<T>(query: string, variables: Record<string, unknown> = {}, headers = admin) {
  const res = await t.graphql<T>(query, variables, headers);
  return res.body;
}

async function createAndAct(type: string, input: Record<string, unknown>, action: string) {
  const created = await gql<{ createDocument: { id: number; version: number } }>(
    `mutation ($input: DocumentInput!) { createDocument(type: ${type}, input: $input) { id version } }`,
    { input },
  );
  expect(created.errors).toBeUndefined();
  const doc = created.data?.createDocument as { id: number; version: number };
  return gql<{ actOnDocument: { status: string } }>(
    `mutation { actOnDocument(type: ${type}, id: ${doc.id}, input: { action: "${action}", version: ${doc.version} }) { status } }`,
  );
}

describe('inventory', () => {
  it('posts an adjustment found in the storage, and shows it on stock on hand and the stock card', async () => {
    const posted = await createAndAct(
      'STOCK_ADJUSTMENT',
      {
        header: { storage: ids.DON },
        lines: [{ resource: ids.WATER, lot: 'FOUND-1', quantity: '12', unitValue: '20', reason: ids.FOUND }],
      },
      'POST',
    );
    expect(posted.errors).toBeUndefined();
    expect(posted.data?.actOnDocument.status).toBe('POSTED');
    const onHand = await gql<{ stockOnHand: { lot: string; onHand: string; value: string }[] }>(
      `{ stockOnHand(storageId: ${ids.DON}, resourceId: ${ids.WATER}) { lot onHand value } }`,
    );
    expect(onHand.data?.stockOnHand.find((b) => b.lot === 'FOUND-1')).toMatchObject({
      onHand: '12.000',
      value: '240.00',
    });
    const card = await gql<{
      stockCard: {
        movementType: string;
        documentType: string;
        documentId: number;
        documentNumber: string | null;
        createdAt: string;
      }[];
    }>(
      `{ stockCard(storageId: ${ids.DON}, resourceId: ${ids.WATER}) { movementType documentType documentId documentNumber createdAt } }`,
    );
    const last = card.data?.stockCard.at(-1);
    expect(last).toMatchObject({ movementType: 'ADJUST_IN', documentType: 'STOCK_ADJUSTMENT' });
    // The row names its source by the number people know it by (one statement joins the numbers).
    const [adjustment] = await sql<{ number: string }>(
      'select number from doc_stock_adjustment where id = ?',
      [last?.documentId],
    );
    expect(last?.documentNumber).toBe(adjustment.number);
    expect(last?.documentNumber).toMatch(/^AJ-\d{4}-/);
    // By pages: a period from this movement opens with the balance before it, then this movement.
    const page = await gql<{
      stockCardPage: {
        opening: { onHand: string };
        nextCursor: string | null;
        entries: { onHandAfter: string }[];
      };
    }>(
      `query ($s: Int!, $r: Int!, $from: DateTimeISO, $after: String) {
        stockCardPage(storageId: $s, resourceId: $r, from: $from, first: 1, after: $after) {
          opening { onHand } nextCursor entries { onHandAfter } } }`,
      { s: ids.DON, r: ids.WATER, from: last?.createdAt },
    );
    const firstPage = page.data?.stockCardPage;
    expect(firstPage?.entries).toHaveLength(1);
    expect(Number(firstPage?.entries[0].onHandAfter) - Number(firstPage?.opening.onHand)).toBe(12);
    expect(firstPage?.nextCursor).toBeNull();
    const tampered = await gql(
      `{ stockCardPage(storageId: ${ids.DON}, resourceId: ${ids.WATER}, after: "not-a-cursor") { nextCursor } }`,
    );
    expect(tampered.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const zero = await gql(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_ADJUSTMENT, input: $input) { id } }`,
      {
        input: {
          header: { storage: ids.DON },
          lines: [{ resource: ids.WATER, quantity: '0', reason: ids.FOUND }],
        },
      },
    );
    expect(zero.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('posts initial money once per account and fiscal year, and names it on the money card', async () => {
    const year = fiscalYearBE() - 1;
    const [before] = await sql<{ balance: string | null }>(
      'select balance from money_balance where account_id = ?',
      [ids.ACCOUNT],
    );
    const posted = await createAndAct(
      'INITIAL_MONEY',
      { header: { moneyAccount: ids.ACCOUNT, budgetYear: year, amount: '50000' } },
      'POST',
    );
    expect(posted.data?.actOnDocument.status).toBe('POSTED');
    const balances = await gql<{ moneyBalances: { accountId: number; balance: string }[] }>(
      '{ moneyBalances { accountId balance } }',
    );
    const balance = balances.data?.moneyBalances.find((b) => b.accountId === ids.ACCOUNT)?.balance;
    expect(Number(balance)).toBe(Number(before?.balance ?? 0) + 50000);
    const card = await gql<{ moneyCard: { movementType: string; documentNumber: string | null }[] }>(
      `{ moneyCard(accountId: ${ids.ACCOUNT}) { movementType documentNumber } }`,
    );
    const [initial] = await sql<{ number: string }>(
      "select number from doc_initial_money where money_account_id = ? and budget_year = ? and status = 'POSTED'",
      [ids.ACCOUNT, year],
    );
    expect(card.data?.moneyCard.at(-1)).toEqual({ movementType: 'INITIAL', documentNumber: initial.number });
    const again = await gql(
      `mutation ($input: DocumentInput!) { createDocument(type: INITIAL_MONEY, input: $input) { id } }`,
      {
        input: { header: { moneyAccount: ids.ACCOUNT, budgetYear: year, amount: '1' } },
      },
    );
    expect(again.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(JSON.stringify(again.errors?.[0]?.extensions?.details)).toContain('budgetYear');
  });

  it('keeps a fiscal year’s initial money that has not begun saved, out of today’s balance, until its year', async () => {
    const next = fiscalYearBE() + 1;
    const balanceNow = async () =>
      (
        await sql<{ balance: string }>('select coalesce(sum(balance), 0)::text as balance from money_balance')
      )[0].balance;
    const movements = async () =>
      (await sql<{ n: number }>('select count(*)::int as n from money_movement'))[0].n;
    const [balance, count] = [await balanceNow(), await movements()];
    const created = await gql<{ createDocument: { id: number; version: number; status: string } }>(
      `mutation ($input: DocumentInput!) { createDocument(type: INITIAL_MONEY, input: $input) { id version status } }`,
      { input: { header: { moneyAccount: ids.ACCOUNT, budgetYear: next, amount: '70000' } } },
    );
    expect(created.errors).toBeUndefined();
    const doc = created.data?.createDocument as { id: number; version: number; status: string };
    expect(doc.status).toBe('SAVED');
    const refused = await gql(
      `mutation { actOnDocument(type: INITIAL_MONEY, id: ${doc.id}, input: { action: "POST", version: ${doc.version} }) { status } }`,
    );
    const error = refused.errors?.[0]?.extensions as {
      code: string;
      messageTh: string;
      messageEn: string;
      details: { fields: { field: string }[] };
    };
    expect(error.code).toBe('BAD_INPUT');
    expect(error.details.fields.map((f) => f.field)).toEqual(['budgetYear']);
    expect(error.messageTh).toContain(`ปีงบประมาณ ${next} ยังไม่เริ่ม`);
    expect(error.messageTh).toContain(`1 ตุลาคม ${next - 1}`);
    expect(error.messageEn).toContain(`from 1 October ${next - 544}`);
    expect(await balanceNow()).toBe(balance);
    expect(await movements()).toBe(count);
    const [row] = await sql<{ status: string }>('select status from doc_initial_money where id = ?', [
      doc.id,
    ]);
    expect(row.status).toBe('SAVED');
  });

  it('posts into a lot already in the storage with its expiry and value, and refuses another expiry', async () => {
    const lotRows = () =>
      sql<{ expiry_date: string | null; on_hand: string; unit_value: string }>(
        `select expiry_date::text as expiry_date, on_hand::text as on_hand, round(unit_value, 2)::text as unit_value
         from stock_balance where storage_id = ? and resource_id = ? and lot = 'R-2569-11' order by id`,
        [ids.DON, ids.RICE],
      );
    const adjust = (line: Record<string, unknown>) =>
      createAndAct(
        'STOCK_ADJUSTMENT',
        {
          header: { storage: ids.DON },
          lines: [{ resource: ids.RICE, lot: 'R-2569-11', reason: ids.FOUND, ...line }],
        },
        'POST',
      );
    const first = await adjust({ quantity: '10', expiryDate: '2027-05-31', unitValue: '150' });
    expect(first.errors).toBeUndefined();
    // +5 with expiry and value left empty: the same lot, its expiry and value.
    const more = await adjust({ quantity: '5' });
    expect(more.errors).toBeUndefined();
    expect(more.data?.actOnDocument.status).toBe('POSTED');
    expect(await lotRows()).toEqual([{ expiry_date: '2027-05-31', on_hand: '15.000', unit_value: '150.00' }]);
    const [moved] = await sql<{ expiry_date: string; unit_value: string }>(
      `select expiry_date::text as expiry_date, round(unit_value, 2)::text as unit_value from stock_movement
       where storage_id = ? and resource_id = ? and lot = 'R-2569-11' order by id desc limit 1`,
      [ids.DON, ids.RICE],
    );
    expect(moved).toEqual({ expiry_date: '2027-05-31', unit_value: '150.00' });

    // Another expiry for the same lot: refused in Thai and English, nothing posted, the document stays saved.
    const count = (await sql<{ n: number }>('select count(*)::int as n from stock_movement'))[0].n;
    const conflicting = await adjust({ quantity: '5', expiryDate: '2027-06-30' });
    const error = conflicting.errors?.[0]?.extensions as {
      code: string;
      messageTh: string;
      messageEn: string;
    };
    expect(error.code).toBe('LOT_EXPIRY_CONFLICT');
    expect(error.messageTh).toContain('ล็อต R-2569-11');
    expect(error.messageTh).toContain('31/05/2570');
    expect(error.messageTh).toContain('30/06/2570');
    expect(error.messageEn).toContain('Lot R-2569-11 of RICE-5KG');
    expect(error.messageEn).toContain('2027-05-31, not 2027-06-30');
    expect((await sql<{ n: number }>('select count(*)::int as n from stock_movement'))[0].n).toBe(count);
    expect(await lotRows()).toEqual([{ expiry_date: '2027-05-31', on_hand: '15.000', unit_value: '150.00' }]);
    const [saved] = await sql<{ status: string }>(
      'select status from doc_stock_adjustment order by id desc limit 1',
    );
    expect(saved.status).toBe('SAVED');
  });

  it('lists a resource on the public short-supply page once its available stock drops below the minimum', async () => {
    const [province] = await sql<{ province_id: number }>(
      'select o.province_id from ref_storage s join organisation_unit o on o.id = s.owner_unit_id where s.id = ?',
      [ids.DON],
    );
    const query = `{ shortSupply(provinceId: ${province.province_id}) { provinceNameTh items { resourceCode needed } donationPoints { code } } }`;
    await sql(
      `insert into ref_resource_minimum (code, name_th, resource_id, storage_id, minimum_quantity, status_code, created_at, updated_at)
       values ('TEST-MIN', 'ทดสอบขั้นต่ำ', ?, ?, 100, 'A', now(), now())
       on conflict (code) do update set minimum_quantity = 100`,
      [ids.RICE, ids.DON],
    );
    const [{ available }] = await sql<{ available: string }>(
      'select coalesce(sum(on_hand - reserved), 0)::text as available from stock_balance where storage_id = ? and resource_id = ?',
      [ids.DON, ids.RICE],
    );
    const needed = 100 - Number(available);
    const anonymous = await t.graphql<{
      shortSupply: { items: { resourceCode: string; needed: string }[]; donationPoints: unknown[] }[];
    }>(query);
    const rice = anonymous.body.data?.shortSupply[0]?.items.find((i) => i.resourceCode === 'RICE-5KG');
    expect(Number(rice?.needed)).toBe(needed);
    // Stock arrives above the minimum: the resource leaves the list.
    const [user] = await sql<{ id: number }>("select id from app_user where username = 'admin.demo'");
    await t.em().transactional((tx) =>
      new LedgerService(tx as EntityManager).receive(
        {
          storageId: ids.DON,
          resourceId: ids.RICE,
          quantity: String(needed + 1),
          unitValue: '20.00',
          lot: 'GIFT',
        },
        { documentType: 'TEST_SEED', documentId: 1, lineId: null, userId: user.id },
      ),
    );
    const after = await t.graphql<{ shortSupply: { items: { resourceCode: string }[] }[] }>(query);
    expect(
      (after.body.data?.shortSupply ?? []).flatMap((p) => p.items.map((i) => i.resourceCode)),
    ).not.toContain('RICE-5KG');
  });
});
