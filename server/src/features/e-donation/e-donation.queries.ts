import type { EntityManager } from '@mikro-orm/postgresql';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { auditRefusal } from '../../platform/auth/access-guard';
import { inScope, scopePathSql } from '../../platform/auth/data-scope';
import { checkedPeriod, scopedPeriodSql, unitSubtreePath } from '../../platform/auth/period-scope';
import type { Principal } from '../../platform/auth/principal';
import { bangkokToday } from '../../platform/dates';
import { AppError, notFound, outOfScope } from '../../platform/errors';
import { DonationKind, goodsValueLateral, type RequestOrigin } from '../donation-history';
import { receiptKinds } from '../receipts';
import { revenueDonationTypes } from './e-donation.revenue';
import {
  EDonationKeying,
  type EDonationRowType as EDonationRow,
  type EDonationTotalsType as EDonationTotals,
} from './e-donation.type';

// The rows of the e-Donation export (docs/e-donation.md): every approved money donation and every
// goods donation approved at level 2 with a value above zero, in the caller's data scope, whose
// receipt (money receipt or goods evidence, the one not void) names a citizen or tax id. One relation
// serves the screen, the totals, the export and the pending work, so they always agree.

export interface EDonationFilter {
  /** Donation dates from this day, yyyy-mm-dd (inclusive). */
  from?: string | null;
  /** Donation dates up to this day, yyyy-mm-dd (inclusive). */
  to?: string | null;
  /** The subtree of this organisation unit (it must be within the caller's scope). */
  unitCode?: string | null;
  keying?: EDonationKeying | null;
  kind?: DonationKind | null;
}

/** export-data-revenue: download the rows, mark and unmark them as keyed. */
export const E_DONATION_EXPORT_MENU: MenuCode = 'MN-111';
/** view-data-revenue: the list. */
export const E_DONATION_VIEW_MENU: MenuCode = 'MN-112';

/** The status at which each kind is final and carries its receipt. */
export const E_DONATION_STATUS: Record<DonationKind, string> = {
  [DonationKind.MONEY]: 'APPROVED',
  [DonationKind.GOODS]: 'APPROVED_2',
};

const MONEY = receiptKinds.MONEY.documentType;
const GOODS = receiptKinds.GOODS.documentType;

/**
 * Day `d` (a date column) is due by the 5th of the following month; a row not keyed is overdue from
 * the day after. `?::date` is "today" in Bangkok, given by the caller (a parameter, so tests can move it).
 */
const dueOn = (d: string) => `(date_trunc('month', ${d}) + interval '1 month' + interval '4 days')::date`;

// One row per donation; `k` is the mark in force, `u` who made it. The first parameter is today.
const relation = `(
  select 'MONEY' as kind, m.id, m.number, m.donated_on, m.donor_id, m.owner_unit_id as unit_id,
         m.amount as value, r.number as receipt_number, r.donor_name, r.donor_tax_id
    from doc_money_donation m
    join donation_receipt r on r.document_type = '${MONEY}' and r.document_id = m.id and r.voided_at is null
   where m.status = '${E_DONATION_STATUS.MONEY}'
  union all
  select 'GOODS', g.id, g.number, g.donation_date, g.donator_id, g.owner_unit_id,
         v.goods_value, r.number, r.donor_name, r.donor_tax_id
    from doc_goods_donation g
    ${goodsValueLateral('g', 'v')}
    join donation_receipt r on r.document_type = '${GOODS}' and r.document_id = g.id and r.voided_at is null
   where g.status = '${E_DONATION_STATUS.GOODS}' and v.goods_value > 0
) e
join organisation_unit o on o.id = e.unit_id
join ref_donator d on d.id = e.donor_id
left join e_donation_mark k
       on k.document_type = case e.kind when 'MONEY' then '${MONEY}' else '${GOODS}' end
      and k.document_id = e.id and k.unmarked_at is null
left join app_user u on u.id = k.keyed_by_id
cross join lateral (select ${dueOn('e.donated_on')} as due_on) due`;

/** Rows that can be keyed at all: the Revenue Department records a deduction against an id. */
const KEYABLE = 'coalesce(e.donor_tax_id, d.tax_id) is not null';
/** Not keyed, and `today` (SQL: a parameter or an expression) is after the due day. */
const overdueSql = (today: string) => `k.id is null and ${today} > due.due_on`;
const OVERDUE = overdueSql('?::date');

/**
 * The e-Donation rows for another statement (reports 5.1 and 5.2): the same relation, rule and due
 * day as the list, the export and pending work, so a change to which donations count changes all
 * of them. `conditions` is SQL over `e` (the donation), `o` (its owner unit), `d` (the donor) and
 * `k` (the mark in force); its parameters are the caller's. `today` is SQL for today in Bangkok.
 * Columns: kind (MONEY, GOODS), id, number, donated_on, due_on, unit_id, value, donor_name, tax_id,
 * mark_id, keyed_at, overdue.
 */
export const eDonationRowsSql = (today: string, conditions: string) => `
  select e.kind, e.id, e.number, e.donated_on, due.due_on, e.unit_id, e.value, e.donor_name,
         coalesce(e.donor_tax_id, d.tax_id) as tax_id, k.id as mark_id, k.keyed_at, (${overdueSql(today)}) as overdue
    from ${relation}
   where ${KEYABLE} and ${conditions}`;

const columns = `e.kind, e.id, e.number, e.donated_on::text as donated_on, due.due_on::text as due_on,
  e.donor_id, coalesce(e.donor_tax_id, d.tax_id) as donor_tax_id, e.donor_name, d.name_en as donor_name_en,
  d.donor_type, d.code as donor_code, e.value::text as value, e.receipt_number,
  o.code as unit_code, o.name_th as unit_name_th, o.name_en as unit_name_en,
  k.keyed_at, u.username as keyed_by_username,
  nullif(trim(concat_ws(' ', u.first_name_th, u.last_name_th)), '') as keyed_by_name,
  (${OVERDUE}) as overdue`;

const ORDER = 'e.donated_on, e.kind, e.id';

type RawRow = Record<string, string | number | boolean | Date | null>;

async function select<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (await em.execute(sql, params)) as unknown as T[];
}

/**
 * The filters as one SQL condition over the relation, after checking each: the caller's scope, the
 * unit subtree and the period (platform/auth/period-scope.ts, shared with the donation history and
 * the reports), then the e-Donation rule and the list's own filters.
 */
async function conditions(
  em: EntityManager,
  principal: Principal,
  f: EDonationFilter,
  today: string,
  origin: RequestOrigin,
): Promise<{ where: string; params: unknown[] }> {
  const period = checkedPeriod(f);
  const parts = [KEYABLE];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (f.kind) add('e.kind = ?', f.kind);
  if (f.keying === EDonationKeying.KEYED) add('k.id is not null');
  if (f.keying === EDonationKeying.NOT_KEYED) add('k.id is null');
  if (f.keying === EDonationKeying.OVERDUE) add(OVERDUE, today);

  const unitPath = await unitSubtreePath(em, principal, f.unitCode, () =>
    auditRefusal(em, principal, 'e-donation unit', { unitCode: f.unitCode?.trim() }, origin),
  );
  const scoped = scopedPeriodSql(principal, { path: 'o.path', day: 'e.donated_on' }, period, unitPath);
  return { where: [scoped.sql, ...parts].join(' and '), params: [...scoped.params, ...params] };
}

const toRow = (r: RawRow): EDonationRow => {
  const kind = r.kind as DonationKind;
  const revenue = revenueDonationTypes[kind];
  return {
    kind,
    documentType: kind === DonationKind.MONEY ? MONEY : GOODS,
    id: r.id as number,
    number: r.number as string,
    donatedOn: r.donated_on as string,
    dueOn: r.due_on as string,
    donorId: r.donor_id as number,
    donorTaxId: r.donor_tax_id as string,
    donorName: r.donor_name as string,
    donorNameEn: r.donor_name_en as string | null,
    donorCode: r.donor_code as string,
    donorType: r.donor_type as string,
    value: r.value as string,
    revenueTypeCode: revenue.code,
    revenueTypeTh: revenue.th,
    revenueTypeEn: revenue.en,
    receiptNumber: r.receipt_number as string,
    unitCode: r.unit_code as string,
    unitNameTh: r.unit_name_th as string,
    unitNameEn: r.unit_name_en as string,
    keyedAt: r.keyed_at === null ? null : new Date(r.keyed_at as string | Date),
    keyedByUsername: r.keyed_by_username as string | null,
    keyedByName: r.keyed_by_name as string | null,
    overdue: r.overdue as boolean,
  };
};

export interface EDonationQueryOptions {
  /** Today in Bangkok, yyyy-mm-dd: what "overdue" is measured against. Default: the real today. */
  today?: string;
  origin?: RequestOrigin;
}

const NO_ORIGIN: RequestOrigin = { ip: null, requestId: null };

/** One page of the rows (oldest donation first) and the totals over everything the filters select. */
export async function eDonationPage(
  em: EntityManager,
  principal: Principal,
  filter: EDonationFilter,
  page: { currentPage: number; rows: number },
  options: EDonationQueryOptions = {},
): Promise<{ items: EDonationRow[]; totals: EDonationTotals }> {
  const today = options.today ?? bangkokToday();
  const { where, params } = await conditions(em, principal, filter, today, options.origin ?? NO_ORIGIN);
  const items = await select<RawRow>(
    em,
    `select ${columns} from ${relation} where ${where} order by ${ORDER} limit ?::int offset ?::bigint`,
    [today, ...params, page.rows, (page.currentPage - 1) * page.rows],
  );
  const sum = (condition: string) =>
    `coalesce(sum(e.value) filter (where ${condition}), 0)::numeric(20, 2)::text`;
  const [t] = await select<RawRow>(
    em,
    `select count(*)::int as count,
            (count(*) filter (where e.kind = 'MONEY'))::int as money_count, ${sum(`e.kind = 'MONEY'`)} as money_total,
            (count(*) filter (where e.kind = 'GOODS'))::int as goods_count, ${sum(`e.kind = 'GOODS'`)} as goods_total,
            ${sum('true')} as total,
            (count(*) filter (where k.id is not null))::int as keyed_count,
            (count(*) filter (where k.id is null))::int as not_keyed_count,
            (count(*) filter (where ${OVERDUE}))::int as overdue_count
       from ${relation} where ${where}`,
    [today, ...params],
  );
  return {
    items: items.map(toRow),
    totals: {
      count: t.count as number,
      moneyCount: t.money_count as number,
      moneyTotal: t.money_total as string,
      goodsCount: t.goods_count as number,
      goodsTotal: t.goods_total as string,
      total: t.total as string,
      keyedCount: t.keyed_count as number,
      notKeyedCount: t.not_keyed_count as number,
      overdueCount: t.overdue_count as number,
    },
  };
}

/**
 * Every row the filters select, in the list's order, as one statement (its filters checked first: bad
 * input is refused before anything is read) and the number of rows it gives: the export reads it
 * through the export mechanism's cursor (docs/exports.md).
 */
export async function eDonationSelect(
  em: EntityManager,
  principal: Principal,
  filter: EDonationFilter,
  options: EDonationQueryOptions = {},
): Promise<{ sql: string; params: unknown[]; total: number }> {
  const today = options.today ?? bangkokToday();
  const { where, params } = await conditions(em, principal, filter, today, options.origin ?? NO_ORIGIN);
  const [count] = await select<{ n: number }>(
    em,
    `select count(*)::int as n from ${relation} where ${where}`,
    params,
  );
  return {
    sql: `select ${columns} from ${relation} where ${where} order by ${ORDER}`,
    params: [today, ...params],
    total: count.n,
  };
}

/** A row as the export's cursor reads it from `eDonationSelect`'s statement. */
export const eDonationRow = (r: Record<string, unknown>): EDonationRow => toRow(r as RawRow);

/**
 * The overdue rows the user may act on, for pending work (docs/e-donation.md): none without the
 * export menu (MN-111, the one that marks rows keyed); otherwise every row in the user's data scope
 * not keyed after the 5th of the month following its donation date, oldest first, with their count.
 */
export async function overdueEDonationRows(
  em: EntityManager,
  user: Principal,
  options: { limit?: number; today?: string } = {},
): Promise<{ count: number; rows: EDonationRow[] }> {
  if (!user.menuCodes.has(E_DONATION_EXPORT_MENU)) return { count: 0, rows: [] };
  const page = await eDonationPage(
    em,
    user,
    { keying: EDonationKeying.OVERDUE },
    { currentPage: 1, rows: options.limit ?? 100 },
    { today: options.today },
  );
  return { count: page.totals.count, rows: page.items };
}

/**
 * The row of one donation if it is an e-Donation row in the caller's scope (for the marks): 404 when
 * there is no such donation, 403 (audited) when it belongs to a unit outside the caller's scope, 409
 * when it exists but is not a row (not approved, cancelled, valued at nothing, or without an id).
 */
export async function eDonationRowOf(
  em: EntityManager,
  principal: Principal,
  kind: DonationKind,
  id: number,
  origin: RequestOrigin,
): Promise<{ documentType: string; number: string; keyed: boolean }> {
  const table = kind === DonationKind.MONEY ? 'doc_money_donation' : 'doc_goods_donation';
  const [doc] = await select<{ number: string; path: string }>(
    em,
    `select x.number, o.path from ${table} x join organisation_unit o on o.id = x.owner_unit_id where x.id = ?`,
    [id],
  );
  const documentType = kind === DonationKind.MONEY ? MONEY : GOODS;
  if (!doc) throw notFound(`ไม่พบการบริจาครหัส ${id}`, `No ${documentType} with id ${id}`);
  if (!inScope(principal, doc.path)) {
    await auditRefusal(em, principal, 'e-donation mark', { documentType, documentId: id }, origin);
    throw outOfScope();
  }
  const [row] = await select<{ keyed: boolean }>(
    em,
    `select k.id is not null as keyed from ${relation} where e.kind = ? and e.id = ? and ${KEYABLE}`,
    [kind, id],
  );
  if (!row)
    throw new AppError(
      'NOT_E_DONATION_ROW',
      409,
      `${doc.number} ไม่ใช่รายการที่ส่งกรมสรรพากร (ต้องอนุมัติแล้ว ไม่ถูกยกเลิก มีมูลค่า และผู้บริจาคมีเลขประจำตัว)`,
      `${doc.number} is not an e-Donation row (it must be approved, not cancelled, valued above zero, and its donor must have a citizen or tax id)`,
      { documentType, documentId: id },
    );
  return { documentType, number: doc.number, keyed: row.keyed };
}

/** The rows of these donations as they are now (those in the caller's scope that are rows). */
export async function eDonationRowsOf(
  em: EntityManager,
  principal: Principal,
  refs: readonly { kind: DonationKind; id: number }[],
): Promise<EDonationRow[]> {
  if (!refs.length) return [];
  const scope = scopePathSql(principal, 'o.path');
  const found = await select<RawRow>(
    em,
    `select ${columns} from ${relation}
      where ${scope.sql} and ${KEYABLE} and (e.kind, e.id) in (${refs.map(() => '(?, ?::int)').join(', ')})
      order by ${ORDER}`,
    [bangkokToday(), ...scope.params, ...refs.flatMap((r) => [r.kind, r.id])],
  );
  return found.map(toRow);
}
