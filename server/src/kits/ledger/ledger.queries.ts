import type { EntityManager } from '@mikro-orm/postgresql';
import { inScope, scopePathSql } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { bangkokToday } from '../../platform/dates';
import { badInput, notFound, outOfScope } from '../../platform/errors';
import { documentTypes } from '../documents/document-types';
import type { MoneyMovementType } from './ledger.entity';
import { expiryOf } from './ledger-values';

// What the inventory and money screens read. Storages and money accounts belong to organisation
// units (ownerUnit), so every read is limited to the caller's data scope (platform/auth/data-scope).
// Quantities and money come back as decimal strings, computed by PostgreSQL.

async function rows<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await em.execute(sql, params)) as unknown as T[];
}

/** Refuses a storage or money account outside the caller's scope (404 when there is none). */
export async function requireOwnedInScope(
  em: EntityManager,
  principal: Principal,
  table: 'ref_storage' | 'ref_money_account',
  id: number,
): Promise<void> {
  const [row] = await rows<{ path: string }>(
    em,
    `select o.path from ${table} x join organisation_unit o on o.id = x.owner_unit_id where x.id = ?`,
    [Number.isSafeInteger(id) ? id : 0],
  );
  if (!row) {
    throw table === 'ref_storage'
      ? notFound(`ไม่พบคลัง ${id}`, `No storage ${id}`)
      : notFound(`ไม่พบบัญชีเงิน ${id}`, `No money account ${id}`);
  }
  if (!inScope(principal, row.path)) throw outOfScope();
}

const iso = (column: string) => `to_json(${column}) #>> '{}'`;

export interface StockOnHandRow {
  balanceId: number;
  storageId: number;
  storageCode: string;
  storageNameTh: string;
  storageNameEn: string | null;
  resourceId: number;
  resourceCode: string;
  resourceNameTh: string;
  resourceNameEn: string | null;
  countingUnitTh: string | null;
  lot: string;
  expiryDate: string | null;
  onHand: string;
  reserved: string;
  /** on hand less reserved: what a new document may take. */
  available: string;
  /** Sent towards this storage by a transfer, not received yet. */
  inTransit: string;
  unitValue: string;
  /** on hand × unit value. */
  value: string;
}

const balanceSelect = `select b.id, b.storage_id, s.code as storage_code, s.name_th as storage_name_th,
       s.name_en as storage_name_en, b.resource_id, r.code as resource_code, r.name_th as resource_name_th, r.name_en as resource_name_en,
       u.name_th as unit_th, b.lot, b.expiry_date::text as expiry_date, b.on_hand::text as on_hand,
       b.reserved::text as reserved, (b.on_hand - b.reserved)::text as available,
       b.in_transit::text as in_transit, round(b.unit_value, 2)::text as unit_value,
       round(b.on_hand * b.unit_value, 2)::text as value`;

const balanceFrom = `from stock_balance b
     join ref_storage s on s.id = b.storage_id
     join organisation_unit o on o.id = s.owner_unit_id
     join ref_resource r on r.id = b.resource_id
     left join ref_counting_unit u on u.id = r.counting_unit_id`;

const toOnHandRow = (r: Record<string, string | number | null>): StockOnHandRow => ({
  balanceId: r.id as number,
  storageId: r.storage_id as number,
  storageCode: r.storage_code as string,
  storageNameTh: r.storage_name_th as string,
  storageNameEn: (r.storage_name_en as string | null) || null,
  resourceId: r.resource_id as number,
  resourceCode: r.resource_code as string,
  resourceNameTh: r.resource_name_th as string,
  resourceNameEn: r.resource_name_en as string | null,
  countingUnitTh: r.unit_th as string | null,
  lot: r.lot as string,
  expiryDate: r.expiry_date as string | null,
  onHand: r.on_hand as string,
  reserved: r.reserved as string,
  available: r.available as string,
  inTransit: r.in_transit as string,
  unitValue: r.unit_value as string,
  value: r.value as string,
});

/** Stock per storage, resource and lot within the caller's scope, first expiry first. */
export async function stockOnHand(
  em: EntityManager,
  principal: Principal,
  filter: { storageId?: number; resourceId?: number; includeEmpty?: boolean } = {},
): Promise<StockOnHandRow[]> {
  const scope = scopePathSql(principal, 'o.path');
  const params: unknown[] = [...scope.params];
  let where = scope.sql;
  if (filter.storageId !== undefined) {
    where += ' and b.storage_id = ?::int';
    params.push(filter.storageId);
  }
  if (filter.resourceId !== undefined) {
    where += ' and b.resource_id = ?::int';
    params.push(filter.resourceId);
  }
  if (!filter.includeEmpty) where += ' and (b.on_hand > 0 or b.in_transit > 0)';
  const list = await rows<Record<string, string | number | null>>(
    em,
    `${balanceSelect} ${balanceFrom} where ${where}
     order by s.code, r.code, b.expiry_date asc nulls last, b.lot`,
    params,
  );
  return list.map(toOnHandRow);
}

/** The document (and line) that caused a movement, and who posted it when. */
export interface MovementSourceView {
  documentType: string;
  documentId: number;
  /** The number people know the document by (DS-2570-000005); null for a source outside the kit. */
  documentNumber: string | null;
  documentLineId: number | null;
  createdById: number;
  createdAt: Date;
  /** Set on a reversal: the movement it reverses. */
  reversalOfId: string | null;
}

export interface Period {
  /** Movements at or after this instant. */
  from?: Date;
  /** Movements before this instant. */
  to?: Date;
}

function periodSql(period: Period, params: unknown[]): string {
  let sql = '';
  if (period.from) {
    sql += ' and c.created_at >= ?::timestamptz';
    params.push(period.from.toISOString());
  }
  if (period.to) {
    sql += ' and c.created_at < ?::timestamptz';
    params.push(period.to.toISOString());
  }
  return sql;
}

/**
 * Every kit document's number by type and id, as one relation to join a movement's source to (one
 * statement for a whole card, not a read per row), joined on the movement's document type and id.
 */
export function documentNumbers(): string {
  return documentTypes
    .map((t) => `select '${t.type}'::text as document_type, id, number from ${t.table}`)
    .join(' union all ');
}

export const documentNumberJoin = (m: string) =>
  `left join (${documentNumbers()}) dn on dn.document_type = ${m}.document_type and dn.id = ${m}.document_id`;

const sourceOf = (r: Record<string, string | number | null>): MovementSourceView => ({
  documentType: r.document_type as string,
  documentId: r.document_id as number,
  documentNumber: (r.document_number as string | null) ?? null,
  documentLineId: r.document_line_id as number | null,
  createdById: r.created_by_id as number,
  createdAt: new Date(r.created_at_iso as string),
  reversalOfId: r.reversal_of_id === null ? null : String(r.reversal_of_id),
});

export interface MoneyBalanceRow {
  accountId: number;
  accountCode: string;
  accountNameTh: string;
  /** Its English name; the Thai one where it has none. */
  accountNameEn: string;
  bankCode: string;
  accountNumber: string;
  ownerUnitId: number;
  /** 0.00 for an account that has had no posting yet. */
  balance: string;
  /** Held by approved money disbursements not paid out yet. */
  reserved: string;
  /** balance − reserved: what a new disbursement can take. */
  available: string;
}

/** The balance of every money account in the caller's scope. */
export async function moneyBalances(em: EntityManager, principal: Principal): Promise<MoneyBalanceRow[]> {
  const scope = scopePathSql(principal, 'o.path');
  const list = await rows<Record<string, string | number>>(
    em,
    `select a.id, a.code, a.name_th, a.name_en, a.bank_code, a.account_number, a.owner_unit_id,
       coalesce(mb.balance, 0)::numeric(16,2)::text as balance,
       coalesce(mb.reserved, 0)::numeric(16,2)::text as reserved,
       coalesce(mb.balance - mb.reserved, 0)::numeric(16,2)::text as available
     from ref_money_account a
     join organisation_unit o on o.id = a.owner_unit_id
     left join money_balance mb on mb.account_id = a.id
     where ${scope.sql}
     order by a.code`,
    scope.params,
  );
  return list.map((r) => ({
    accountId: r.id as number,
    accountCode: r.code as string,
    accountNameTh: r.name_th as string,
    accountNameEn: (r.name_en as string | null) || (r.name_th as string),
    bankCode: r.bank_code as string,
    accountNumber: r.account_number as string,
    ownerUnitId: r.owner_unit_id as number,
    balance: r.balance as string,
    reserved: r.reserved as string,
    available: r.available as string,
  }));
}

export interface MoneyCardRow extends MovementSourceView {
  movementId: string;
  movementType: MoneyMovementType;
  amount: string;
  balanceAfter: string;
  reservedDelta: string;
  reservedAfter: string;
}

/** The card of one money account: every movement with the running balance. */
export async function moneyCard(
  em: EntityManager,
  principal: Principal,
  query: { accountId: number } & Period,
): Promise<MoneyCardRow[]> {
  await requireOwnedInScope(em, principal, 'ref_money_account', query.accountId);
  const params: unknown[] = [query.accountId];
  const period = periodSql(query, params);
  const list = await rows<Record<string, string | number | null>>(
    em,
    `select c.*, dn.number as document_number from (
       select m.id, m.created_at, ${iso('m.created_at')} as created_at_iso, m.movement_type,
         m.amount::text as amount, m.reserved_delta::text as reserved_delta, m.document_type, m.document_id,
         m.document_line_id, m.created_by_id, m.reversal_of_id,
         (sum(m.amount) over (order by m.created_at, m.id))::text as balance_after,
         (sum(m.reserved_delta) over (order by m.created_at, m.id))::text as reserved_after
       from money_movement m where m.account_id = ?
     ) c ${documentNumberJoin('c')} where true ${period}
     order by c.created_at, c.id`,
    params,
  );
  return list.map((r) => ({
    movementId: String(r.id),
    movementType: r.movement_type as MoneyMovementType,
    amount: r.amount as string,
    balanceAfter: r.balance_after as string,
    reservedDelta: r.reserved_delta as string,
    reservedAfter: r.reserved_after as string,
    ...sourceOf(r),
  }));
}

export interface ExpiringLotRow extends StockOnHandRow {
  /** Days from today to the expiry date; negative once expired. */
  daysLeft: number;
}

/** Lots with stock on hand that expire within the given days of today (expired ones included). */
export async function expiringLots(
  em: EntityManager,
  principal: Principal,
  query: { withinDays: number; today?: string; storageId?: number },
): Promise<ExpiringLotRow[]> {
  if (!Number.isInteger(query.withinDays) || query.withinDays < 0 || query.withinDays > 3660) {
    throw badInput('จำนวนวันต้องเป็นจำนวนเต็ม 0 ถึง 3660', 'withinDays must be a whole number from 0 to 3660');
  }
  const today = expiryOf(query.today) ?? bangkokToday();
  const scope = scopePathSql(principal, 'o.path');
  const params: unknown[] = [today, ...scope.params, today, query.withinDays];
  let where = `${scope.sql} and b.on_hand > 0 and b.expiry_date <= ?::date + ?::int`;
  if (query.storageId !== undefined) {
    where += ' and b.storage_id = ?::int';
    params.push(query.storageId);
  }
  const list = await rows<Record<string, string | number | null>>(
    em,
    `${balanceSelect}, b.expiry_date - ?::date as days_left ${balanceFrom} where ${where}
     order by b.expiry_date, s.code, r.code, b.lot`,
    params,
  );
  return list.map((r) => ({ ...toOnHandRow(r), daysLeft: r.days_left as number }));
}
