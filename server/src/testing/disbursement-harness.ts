import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { LedgerService } from '../kits/ledger/ledger.service';
import { verifyLedger } from '../kits/ledger/ledger-checks';
import { bearer, sessionToken } from './auth-helpers';
import { startTestApp, type TestApp } from './test-app';

// The API harness of the disbursement tests (disbursement.test.ts, disbursement-result.test.ts):
// `useDisbursementHarness()` at a file's top level starts the test server for the file and checks,
// after the file, that every balance equals the sum of its movements (a call, not an import's side
// effect, so that it holds when test files share a worker's modules). officer.demo (OPS-P38-SDW) saves and delivers; approver1.demo
// (OPS-P38) approves; GraphQL goes over a real HTTP connection so concurrent clients are real.

export let t: TestApp;
export let url: string;
export let officer: Record<string, string>;
export let approver: Record<string, string>;
export let admin: Record<string, string>;
export const ids: Record<string, number> = {};

export const sql = <T>(query: string, params: unknown[] = []) =>
  t.em().getConnection().execute<T[]>(query, params);

export function useDisbursementHarness() {
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
    for (const [key, table, code] of [
      ['SDW', 'ref_storage', 'ST-P38-SDW'],
      ['DON', 'ref_storage', 'ST-P28-DON'],
    ] as const) {
      const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
      ids[key] = row.id;
    }
    const [unit] = await sql<{ id: number }>(`select id from organisation_unit where code = 'OPS-P38-SDW'`);
    ids.SDW_UNIT = unit.id;
    officer = bearer(await sessionToken(t, 'officer.demo'));
    approver = bearer(await sessionToken(t, 'approver1.demo'));
    admin = bearer(await sessionToken(t, 'admin.demo'));
  });
  afterAll(async () => {
    // Every balance equals the sum of its movements, whatever the tests did.
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
    await t.close();
  });
}

export interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}
export interface Line {
  id: number;
  lineNo: number;
  values: Record<string, unknown>;
}
export interface Doc {
  id: number;
  number: string;
  status: string;
  version: number;
  allowedActions: string[];
  header: Record<string, unknown>;
  lines: Line[];
}

export const docFields = 'id number status version allowedActions header lines { id lineNo values }';

/** Bangkok's today, as the delivery dates take it. */
export const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
export const RECEIVED = () => ({ deliveredOn: today(), receivedBy: 'นายสมชาย รับของ' });
export const TRANSFERRED = () => ({ transferredOn: today(), transferReference: 'TRF-2569-0001' });

/** One GraphQL call over HTTP, as a browser makes it. */
export async function gql<T>(
  headers: Record<string, string>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: GqlError[] };
  return { data: body.data, error: body.errors?.[0] };
}

export type TypeName = 'RESOURCE_DISBURSEMENT' | 'MONEY_DISBURSEMENT';

export async function create(type: TypeName, input: Record<string, unknown>, headers = officer) {
  const res = await gql<{ createDocument: Doc }>(
    headers,
    `mutation ($input: DocumentInput!) { createDocument(type: ${type}, input: $input) { ${docFields} } }`,
    { input },
  );
  return { doc: res.data?.createDocument as Doc, error: res.error };
}

export async function act(
  type: TypeName,
  doc: Pick<Doc, 'id' | 'version'>,
  action: string,
  headers: Record<string, string>,
  extra: {
    reason?: string | null;
    header?: Record<string, unknown>;
    lines?: { id: number; values: Record<string, unknown> }[];
  } = {},
) {
  const res = await gql<{ actOnDocument: Doc }>(
    headers,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: ${type}, id: $id, input: $input) { ${docFields} } }`,
    { id: doc.id, input: { action, version: doc.version, ...extra } },
  );
  return { doc: res.data?.actOnDocument as Doc, error: res.error };
}

/** Takes the action and expects it to go through. */
export async function ok(
  type: TypeName,
  doc: Pick<Doc, 'id' | 'version'>,
  action: string,
  headers: Record<string, string>,
  extra: Parameters<typeof act>[4] = {},
): Promise<Doc> {
  const res = await act(type, doc, action, headers, extra);
  expect(res.error, `${action}: ${JSON.stringify(res.error)}`).toBeUndefined();
  return res.doc;
}

export let serial = 0;

/** A new resource with stock in ST-P38-SDW, lot by lot (quantity, expiry). */
export async function stocked(
  lots: { lot: string; quantity: string; expiryDate: string | null }[],
): Promise<number> {
  const code = `T-DISB-${++serial}`;
  const [row] = await sql<{ id: number }>(
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select ?, ?, ?, resource_sub_id, counting_unit_id, 'A', now(), now() from ref_resource where code = 'RICE-5KG'
     returning id`,
    [code, `ข้าวทดสอบเบิกจ่าย ${serial}`, `Disbursement test rice ${serial}`],
  );
  const [user] = await sql<{ id: number }>(`select id from app_user where username = 'admin.demo'`);
  await t.em().transactional(async (tx) => {
    const ledger = new LedgerService(tx);
    for (const lot of lots)
      await ledger.receive(
        { storageId: ids.SDW, resourceId: row.id, unitValue: '50', ...lot },
        { documentType: 'TEST_STOCK', documentId: row.id, lineId: null, userId: user.id },
      );
  });
  return row.id;
}

/** A new money account of the officer's unit holding the given amount. */
export async function funded(amount: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into ref_money_account (code, name_th, name_en, owner_unit_id, bank_code, account_number, status_code,
       created_at, updated_at)
     values (?, ?, ?, ?, '006', '1234567890', 'A', now(), now()) returning id`,
    [`AC-DISB-${++serial}`, `บัญชีทดสอบเบิกจ่าย ${serial}`, `Disbursement test account ${serial}`, ids.SDW_UNIT],
  );
  const [user] = await sql<{ id: number }>(`select id from app_user where username = 'admin.demo'`);
  await t
    .em()
    .transactional((tx) =>
      new LedgerService(tx).money.credit(
        { accountId: row.id, amount, type: 'INITIAL' },
        { documentType: 'TEST_MONEY', documentId: row.id, lineId: null, userId: user.id },
      ),
    );
  return row.id;
}

export interface Stock {
  lot: string;
  expiryDate: string | null;
  onHand: string;
  reserved: string;
  available: string;
}

/** What the stock screen shows for the resource in ST-P38-SDW, lot by lot, earliest expiry first. */
export async function stockOf(resourceId: number): Promise<Stock[]> {
  const res = await gql<{ stockOnHand: Stock[] }>(
    admin,
    `{ stockOnHand(storageId: ${ids.SDW}, resourceId: ${resourceId}) { lot expiryDate onHand reserved available } }`,
  );
  expect(res.error).toBeUndefined();
  return (res.data?.stockOnHand ?? []).sort((a, b) =>
    String(a.expiryDate).localeCompare(String(b.expiryDate)),
  );
}

export const totals = (rows: Stock[]) => ({
  onHand: rows.reduce((s, r) => s + Number(r.onHand), 0),
  reserved: rows.reduce((s, r) => s + Number(r.reserved), 0),
  available: rows.reduce((s, r) => s + Number(r.available), 0),
});

/** What the money screen shows for the account. */
export async function moneyOf(accountId: number) {
  const res = await gql<{
    moneyBalances: { accountId: number; balance: string; reserved: string; available: string }[];
  }>(admin, '{ moneyBalances { accountId balance reserved available } }');
  const row = res.data?.moneyBalances.find((b) => b.accountId === accountId);
  return row && { balance: row.balance, reserved: row.reserved, available: row.available };
}

export const resourceInput = (
  storage: number,
  lines: Record<string, unknown>[],
  header: Record<string, unknown> = {},
) => ({
  header: { storage, recipientName: 'ศูนย์พักพิงชั่วคราว บึงกาฬ', purpose: 'ช่วยผู้ประสบอุทกภัย', ...header },
  lines,
});

export const moneyInput = (moneyAccount: number, amount: string, header: Record<string, unknown> = {}) => ({
  header: {
    moneyAccount,
    amount,
    recipientName: 'นางสมศรี ใจดี',
    recipientBank: '002',
    recipientAccountNumber: '123-4-56789-0',
    ...header,
  },
});

/** Saved by the officer and submitted for approval. */
export async function pending(type: TypeName, input: Record<string, unknown>): Promise<Doc> {
  const { doc, error } = await create(type, input);
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(doc.status).toBe('DRAFT');
  return ok(type, doc, 'SUBMIT', officer);
}

export const deliverAll = (doc: Doc) => ({
  header: RECEIVED(),
  lines: doc.lines.map((l) => ({ id: l.id, values: { deliveredQuantity: String(l.values.quantity) } })),
});

export const R: TypeName = 'RESOURCE_DISBURSEMENT';
export const M: TypeName = 'MONEY_DISBURSEMENT';
