import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import { AppError } from '../../platform/errors';
import type { TestApp } from '../../testing/test-app';
import { LedgerService, type PostingSource } from './ledger.service';

// Test fixtures for the ledger tests: demo reference data by code, a fresh resource per test (so
// tests in one file never share a balance), and a posting inside its own transaction.

/** The day the tests take as today in Bangkok. */
export const TODAY = '2026-06-01';

export interface LedgerFixture {
  t: TestApp;
  storage: Record<'SDW' | 'DON' | 'SUP', number>;
  account: Record<'OPS' | 'DON', number>;
  reason: Record<'DAMAGED' | 'COUNT_ERROR' | 'UNRECORDED', number>;
  userId: number;
  /** A new resource (a copy of RICE-5KG's category and counting unit) with the given code. */
  newResource(code: string): Promise<number>;
  /** Runs fn in one transaction with a LedgerService on it; the transaction commits unless fn throws. */
  post<T>(fn: (ledger: LedgerService, tx: EntityManager) => Promise<T>): Promise<T>;
  source(documentId: number, lineId?: number): PostingSource;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  principal(username: string): Promise<Principal>;
}

export async function ledgerFixture(t: TestApp): Promise<LedgerFixture> {
  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await t.em().execute(text, params)) as unknown as T[];
  const idsOf = async (table: string, codes: string[]) => {
    const rows = await sql<{ id: number; code: string }>(
      `select id, code from ${table} where code in (${codes.map(() => '?').join(', ')})`,
      codes,
    );
    const byCode = new Map(rows.map((r) => [r.code, r.id]));
    return codes.map((c) => {
      const id = byCode.get(c);
      if (!id) throw new Error(`demo ${table} ${c} missing`);
      return id;
    });
  };
  const [sdw, don, sup] = await idsOf('ref_storage', ['ST-P38-SDW', 'ST-P28-DON', 'ST-OPS-SUP']);
  // Fresh copies of the demo accounts (same owners, so the same scope), untouched by the demo's
  // initial money: every money test starts from a zero balance.
  const copyAccount = async (code: string, copy: string) => {
    const [row] = await sql<{ id: number }>(
      `insert into ref_money_account (code, name_th, name_en, owner_unit_id, bank_code, account_number, branch,
         prompt_pay_id, status_code, created_at, updated_at)
       select ?, name_th, name_en, owner_unit_id, bank_code, account_number, branch, prompt_pay_id, 'A', now(), now()
       from ref_money_account where code = ? returning id`,
      [copy, code],
    );
    if (!row) throw new Error(`demo ref_money_account ${code} missing`);
    return row.id;
  };
  const ops = await copyAccount('AC-OPS-ACC', 'AC-OPS-TEST');
  const donAccount = await copyAccount('AC-P28-DON', 'AC-P28-TEST');
  const [damaged, countError, unrecorded] = await idsOf('ref_missing_excess_reason', [
    'DAMAGED',
    'COUNT-ERROR',
    'UNRECORDED',
  ]);
  const [admin] = await sql<{ id: number }>(`select id from app_user where username = 'admin.demo'`);
  const userId = admin.id;
  return {
    t,
    storage: { SDW: sdw, DON: don, SUP: sup },
    account: { OPS: ops, DON: donAccount },
    reason: { DAMAGED: damaged, COUNT_ERROR: countError, UNRECORDED: unrecorded },
    userId,
    async newResource(code) {
      const [row] = await sql<{ id: number }>(
        `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code,
           created_at, updated_at)
         select ?, ?, ?, resource_sub_id, counting_unit_id, 'A', now(), now() from ref_resource
         where code = 'RICE-5KG' returning id`,
        [code, `ข้าวทดสอบ ${code}`, `Test rice ${code}`],
      );
      return row.id;
    },
    post: (fn) => t.em().transactional((tx) => fn(new LedgerService(tx, { today: () => TODAY }), tx)),
    source: (documentId, lineId) => ({
      documentType: 'TEST_DOC',
      documentId,
      lineId: lineId ?? null,
      userId,
    }),
    sql,
    async principal(username) {
      const [u] = await sql<{
        id: number;
        user_group_code: string;
        kind: string;
        unit_id: number | null;
        path: string | null;
      }>(
        `select u.id, u.user_group_code, u.kind, u.organisation_unit_id as unit_id, o.path
         from app_user u left join organisation_unit o on o.id = u.organisation_unit_id where u.username = ?`,
        [username],
      );
      return {
        userId: u.id,
        sessionId: 'test',
        kind: u.kind as 'STAFF' | 'DONOR',
        username,
        groupCode: u.user_group_code,
        menuCodes: new Set<string>(),
        unitId: u.unit_id,
        unitPath: u.path,
      };
    },
  };
}

/** Movement and balance row counts, to show that a refused action wrote nothing. */
export async function ledgerCounts(f: LedgerFixture) {
  const [row] = await f.sql<Record<string, string>>(
    `select (select count(*) from stock_movement)::text as stock_movements,
       (select count(*) from stock_balance)::text as stock_balances,
       (select count(*) from money_movement)::text as money_movements,
       (select count(*) from money_balance)::text as money_balances,
       (select coalesce(sum(on_hand), 0)::text from stock_balance) as on_hand,
       (select coalesce(sum(reserved), 0)::text from stock_balance) as reserved`,
  );
  return row;
}

/** The balance rows of a resource, by lot. */
export async function balancesOf(f: LedgerFixture, resourceId: number, storageId?: number) {
  return f.sql<{
    storage_id: number;
    lot: string;
    expiry_date: string | null;
    on_hand: string;
    reserved: string;
    in_transit: string;
    unit_value: string;
  }>(
    `select storage_id, lot, expiry_date::text as expiry_date, on_hand::text as on_hand,
       reserved::text as reserved, in_transit::text as in_transit, round(unit_value, 2)::text as unit_value
     from stock_balance where resource_id = ? and (?::int is null or storage_id = ?::int)
     order by storage_id, expiry_date nulls last, lot`,
    [resourceId, storageId ?? null, storageId ?? null],
  );
}

/** The AppError a promise rejects with. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/** A resource's stock movements, oldest first, as text. */
export const movementsOf = (f: LedgerFixture, resourceId: number) =>
  f.sql<Record<string, string | number | null>>(
    `select movement_type, storage_id, lot, quantity::text as quantity, reserved_delta::text as r,
       transit_delta::text as t, round(unit_value, 2)::text as unit_value, reason_id, reversal_of_id, document_type,
       document_id, document_line_id, created_by_id
     from stock_movement where resource_id = ? order by id`,
    [resourceId],
  );
