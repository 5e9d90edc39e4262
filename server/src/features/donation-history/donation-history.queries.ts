import type { EntityManager } from '@mikro-orm/postgresql';
import { commonLists } from '../../kits/core/common-lists.data';
import { auditRefusal } from '../../platform/auth/access-guard';
import { checkedPeriod, scopedPeriodSql, unitSubtreePath } from '../../platform/auth/period-scope';
import type { Principal } from '../../platform/auth/principal';
import {
  afterKeySql,
  cursorsOf,
  encodeCursor,
  flip,
  type KeyColumn,
  type KeyKind,
  type KeysetArgs,
  type KeysetRequest,
  keysetPage,
  keysetRequest,
  nearerEnd,
  type PageCursors,
  type SortDirection,
} from '../../platform/db/keyset';
import { containsPattern } from '../../platform/db/like';
import { badInput } from '../../platform/errors';
import { goodsDonation } from '../donations';
import { moneyDonation } from '../money-donations';
import { type DonationHistoryRowType, DonationKind } from './donation-history.type';

// The ministry's donation history (MN-058, docs/donations.md "Donation history"): every goods and
// money donation in the caller's data scope as one list, filtered and paged: two statements, the
// count and the page, over the same relation and conditions. The totals over the whole filtered set
// are their own query (donation-history.totals.ts), asked once per filter set, not once per page.
// Provide-resource is goods the agency procures, not a donation, so it is not here. A goods donation's
// value is the one the database keeps on its header (goods_value: donations/goods-donation.value.ts),
// so no list, total or order reads its lines; how other features value donations is in
// donation-values.ts (re-exported here).

export { approvedDonationsSql, goodsValueLateral, SCREENED_GOODS_STATUSES } from './donation-values';

export interface DonationHistoryFilter {
  /** Donation dates from this day, yyyy-mm-dd (inclusive). */
  from?: string | null;
  /** Donation dates up to this day, yyyy-mm-dd (inclusive). */
  to?: string | null;
  /** The subtree of this organisation unit (it must be within the caller's scope). */
  unitCode?: string | null;
  donatorId?: number | null;
  /** Text in the donor's code, Thai or English name, or citizen/tax id. */
  donor?: string | null;
  kind?: DonationKind | null;
  /** An objective/event code; a parent (DISASTER) takes its events (DISASTER_FLOOD, …) with it. */
  objective?: string | null;
  status?: string | null;
}

export interface DonationHistoryQuery extends DonationHistoryFilter, KeysetArgs {
  currentPage: number;
  rows: number;
  sort?: string | null;
  direction?: string | null;
}

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

const statusesOf = {
  [DonationKind.GOODS]: goodsDonation.workflow.statuses.map((s) => s.code),
  [DonationKind.MONEY]: moneyDonation.workflow.statuses.map((s) => s.code),
};
const allStatuses = [...new Set([...statusesOf.GOODS, ...statusesOf.MONEY])];

/** What a branch of the list reads besides its keys: the values (amount, stored goods value), the receipt. */
interface Reads {
  values: boolean;
  receipt: boolean;
}
const goodsBranch = (o: Reads) => `select 'GOODS' as kind, '${goodsDonation.type}' as document_type, g.id,
         g.number, g.donation_date as donated_on, g.status, g.objective, g.donator_id as donor_id,
         g.owner_unit_id as unit_id${o.values ? ', null::numeric as amount, g.goods_value' : ''}${
           o.receipt ? ', null::varchar as receipt_number, false as receipt_void' : ''
         }
    from doc_goods_donation g`;
const moneyBranch = (o: Reads) => `select 'MONEY' as kind, '${moneyDonation.type}' as document_type, m.id,
         m.number, m.donated_on, m.status, m.objective, m.donor_id, m.owner_unit_id as unit_id${
           o.values ? ', m.amount, null::numeric as goods_value' : ''
         }${o.receipt ? ', r.number as receipt_number, r.voided_at is not null as receipt_void' : ''}
    from doc_money_donation m
    ${o.receipt ? `left join donation_receipt r on r.document_type = '${moneyDonation.type}' and r.document_id = m.id` : ''}`;
const unitAndDonor = (join: string) => `${join} organisation_unit o on o.id = h.unit_id
${join} ref_donator d on d.id = h.donor_id`;

/**
 * One row per donation, as `h`, with its unit `o` and donor `d`. `values`: with the amount and the
 * goods value (stored on the header); `receipt`: with the money receipt. The
 * count and the totals leave out what they do not read, and join the unit and the donor with `left
 * join` (never null: both are required keys), which PostgreSQL drops when the filters do not use it.
 */
export const donationsSql = (o: { values: boolean; receipt: boolean }) =>
  `(${goodsBranch(o)}
  union all
  ${moneyBranch(o)}) h
${unitAndDonor(o.values && o.receipt ? 'join' : 'left join')}`;

/**
 * A page's statement (docs/donations.md "Donation history"): each type's donations filtered, ordered
 * and limited on their own, so each reads its (date, id) index from either end and stops after
 * `?` rows (the page's limit and offset), then the two merged, ordered and limited; a receipt is
 * read for the rows kept only. Parameters: the condition's, the branch's limit, the condition's
 * again, the limit again, then the page's limit and offset.
 */
const pageSql = (condition: string, order: string) => {
  const reads: Reads = { values: true, receipt: false };
  const branch = (sql: string) => `(select h.*, o.code as unit_code, o.name_th as unit_name_th,
            o.name_en as unit_name_en, d.code as donor_code, d.name_th as donor_name_th,
            d.name_en as donor_name_en
       from (${sql}) h
       ${unitAndDonor('join')}
      where ${condition}
      order by ${order}
      limit ?::bigint)`;
  return `select h.kind, h.document_type, h.id, h.number, h.donated_on::text as donated_on, h.status,
            h.objective, h.donor_id, h.donor_code, h.donor_name_th, h.donor_name_en, h.unit_id, h.unit_code,
            h.unit_name_th, h.unit_name_en, h.amount::text as amount, h.goods_value::text as goods_value,
            coalesce(h.amount, h.goods_value)::text as value, r.number as receipt_number,
            r.voided_at is not null as receipt_void
       from (${branch(goodsBranch(reads))}
             union all
             ${branch(moneyBranch(reads))}) h
       left join donation_receipt r
         on h.kind = 'MONEY' and r.document_type = '${moneyDonation.type}' and r.document_id = h.id
      order by ${order}
      limit ?::int offset ?::bigint`;
};
const donations = donationsSql({ values: true, receipt: true });

const sortColumns: Record<string, string> = {
  donatedOn: 'h.donated_on',
  number: 'h.number',
  value: 'coalesce(h.amount, h.goods_value)',
  status: 'h.status',
};
/** The selected column holding each sort's value as text (a page's cursors read it). */
const sortOutputs: Record<string, string> = {
  donatedOn: 'donated_on',
  number: 'number',
  value: 'value',
  status: 'status',
};
const sortCasts: Record<string, string | undefined> = { donatedOn: 'date', value: 'numeric' };

/** The key of the order: the sort's column, then the type and the id (which break its ties). */
const keyColumns = (sort: string, direction: SortDirection): KeyColumn[] => [
  { sql: sortColumns[sort], direction, nullable: sort === 'value', cast: sortCasts[sort] },
  { sql: 'h.document_type', direction: 'asc' },
  { sql: 'h.id', direction },
];
const orderOf = (columns: KeyColumn[]) => columns.map((c) => `${c.sql} ${c.direction}`).join(', ');

async function rows<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (await em.execute(sql, params)) as unknown as T[];
}

/**
 * The filters as one SQL condition over `donations`, after checking each: the caller's scope, the
 * unit subtree and the period by the shared rule (platform/auth/period-scope.ts), then the others.
 */
export async function donationHistoryWhere(
  em: EntityManager,
  principal: Principal,
  f: DonationHistoryFilter,
  origin: RequestOrigin,
): Promise<{ where: string; params: unknown[] }> {
  const period = checkedPeriod(f);
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };

  if (f.kind) add('h.kind = ?', f.kind);

  const status = f.status?.trim();
  if (status) {
    const known = f.kind ? statusesOf[f.kind] : allStatuses;
    if (!known.includes(status))
      throw badInput(
        `ไม่มีสถานะ ${status} (มี: ${known.join(', ')})`,
        `No status ${status} (statuses: ${known.join(', ')})`,
        { field: 'status' },
      );
    add('h.status = ?', status);
  }

  const objective = f.objective?.trim();
  if (objective) {
    const list = commonLists['objective/event'];
    if (!list.some((o) => o.code === objective))
      throw badInput(`ไม่มีวัตถุประสงค์ ${objective}`, `No objective ${objective}`, { field: 'objective' });
    const codes = [objective, ...list.filter((o) => o.parentCode === objective).map((o) => o.code)];
    add(`h.objective in (${codes.map(() => '?').join(', ')})`, ...codes);
  }

  if (f.donatorId != null) add('h.donor_id = ?::int', f.donatorId);
  const donor = f.donor?.trim();
  if (donor) {
    const text = containsPattern(donor);
    // A citizen or tax id is often typed with dashes or spaces: 0-1055-56000-01-7.
    const digits = /^[\d\s-]+$/.test(donor) ? donor.replace(/\D/g, '') : '';
    add(
      `(d.code ilike ? or d.name_th ilike ? or d.name_en ilike ?${digits ? ' or d.tax_id like ?' : ''})`,
      text,
      text,
      text,
      ...(digits ? [containsPattern(digits)] : []),
    );
  }

  const unitPath = await unitSubtreePath(em, principal, f.unitCode, () =>
    auditRefusal(em, principal, 'donation history unit', { unitCode: f.unitCode?.trim() }, origin),
  );
  const scoped = scopedPeriodSql(principal, { path: 'o.path', day: 'h.donated_on' }, period, unitPath);
  return { where: [scoped.sql, ...parts].join(' and '), params: [...scoped.params, ...params] };
}

type RawRow = Record<string, string | number | boolean | null>;

const toRow = (r: RawRow): DonationHistoryRowType => ({
  kind: r.kind as DonationKind,
  documentType: r.document_type as string,
  id: r.id as number,
  number: r.number as string,
  donatedOn: r.donated_on as string,
  donorId: r.donor_id as number,
  donorCode: r.donor_code as string,
  donorNameTh: r.donor_name_th as string,
  donorNameEn: r.donor_name_en as string | null,
  unitId: r.unit_id as number,
  unitCode: r.unit_code as string,
  unitNameTh: r.unit_name_th as string,
  unitNameEn: r.unit_name_en as string,
  status: r.status as string,
  objective: r.objective as string,
  amount: r.amount as string | null,
  goodsValue: r.goods_value as string | null,
  value: r.value as string,
  receiptNumber: r.receipt_number as string | null,
  receiptVoid: r.receipt_void as boolean,
});

/**
 * The donation history's rows in the caller's scope, filtered and ordered, as one SQL statement (its
 * filters checked first: bad input is refused before anything is read). The page and the export
 * (`donationHistoryRows`) both read it.
 */
export async function donationHistorySelect(
  em: EntityManager,
  principal: Principal,
  q: DonationHistoryFilter & { sort?: string | null; direction?: string | null },
  origin: RequestOrigin,
): Promise<{ sql: string; where: string; params: unknown[]; sort: string; direction: SortDirection }> {
  const sort = q.sort || 'donatedOn';
  const column = sortColumns[sort];
  if (!column)
    throw badInput(
      `เรียงตาม ${sort} ไม่ได้ (ได้: ${Object.keys(sortColumns).join(', ')})`,
      `Cannot sort by ${sort} (sortable: ${Object.keys(sortColumns).join(', ')})`,
    );
  const direction = (q.direction ?? (q.sort ? 'asc' : 'desc')).toLowerCase();
  if (direction !== 'asc' && direction !== 'desc')
    throw badInput('ทิศทางการเรียงต้องเป็น asc หรือ desc', 'direction must be asc or desc');
  const { where, params } = await donationHistoryWhere(em, principal, q, origin);
  const sql = `${selectFrom(where)}
      order by ${orderOf(keyColumns(sort, direction))}`;
  return { sql, where, params, sort, direction };
}

const selectFrom = (
  where: string,
) => `select h.kind, h.document_type, h.id, h.number, h.donated_on::text as donated_on, h.status, h.objective,
            h.donor_id, d.code as donor_code, d.name_th as donor_name_th, d.name_en as donor_name_en,
            h.unit_id, o.code as unit_code, o.name_th as unit_name_th, o.name_en as unit_name_en,
            h.amount::text as amount, h.goods_value::text as goods_value,
            coalesce(h.amount, h.goods_value)::text as value, h.receipt_number, h.receipt_void
       from ${donations}
      where ${where}`;

/**
 * The rows of one page (docs/donations.md "Donation history"): by key from either end
 * (`first`/`after`, `last`/`before`), or by number from the nearer end.
 */
async function pageRows(
  em: EntityManager,
  q: DonationHistoryQuery,
  select: Awaited<ReturnType<typeof donationHistorySelect>>,
  request: KeysetRequest,
  total: number,
): Promise<{ items: RawRow[]; currentPage: number } & PageCursors> {
  const { sort, direction, where, params } = select;
  const cursorOf = (r: RawRow) =>
    encodeCursor(sort, direction, [
      r[sortOutputs[sort]] as string | null,
      r.document_type as string,
      r.id as number,
    ]);
  const read = async (
    order: SortDirection,
    limit: number,
    offset: number,
    key: (string | number | null)[] | null,
  ) => {
    const base = keyColumns(sort, direction);
    const ordered = order === direction ? base : base.map((c) => ({ ...c, direction: flip(c.direction) }));
    const after = key ? afterKeySql(ordered, key) : null;
    const branch = [...params, ...(after?.params ?? []), limit + offset];
    return rows<RawRow>(em, pageSql(after ? `${where} and ${after.sql}` : where, orderOf(ordered)), [
      ...branch,
      ...branch,
      limit,
      offset,
    ]);
  };
  if (request.by === 'key') {
    const fromEnd = request.from === 'end';
    const size = fromEnd && !request.key ? total % request.rows || request.rows : request.rows;
    const found = await read(fromEnd ? flip(direction) : direction, size + 1, 0, request.key);
    const page = keysetPage(request, size, found, cursorOf);
    const last = Math.max(1, Math.ceil(total / request.rows));
    return { ...page, currentPage: fromEnd && !request.key ? last : q.currentPage };
  }
  const at = nearerEnd(total, q.currentPage, q.rows);
  const found = await read(at.reverse ? flip(direction) : direction, at.limit, at.offset, null);
  if (at.reverse) found.reverse();
  return {
    items: found,
    currentPage: q.currentPage,
    ...cursorsOf(found, cursorOf, {
      hasPreviousPage: q.currentPage > 1,
      hasNextPage: q.currentPage * q.rows < total,
    }),
  };
}

/** Rows of the donation history as the export reads them (docs/exports.md). */
export const donationHistoryRow = (r: Record<string, unknown>) => toRow(r as RawRow);

/**
 * One page of the donation history in the caller's scope and how many rows the filters select: two
 * statements, the count and the page. The totals are not computed here but asked for once per
 * filter set (`donationHistoryTotals`, docs/donations.md "Donation history").
 */
export async function donationHistory(
  em: EntityManager,
  principal: Principal,
  q: DonationHistoryQuery,
  origin: RequestOrigin,
): Promise<{ items: DonationHistoryRowType[]; total: number; currentPage: number } & PageCursors> {
  const select = await donationHistorySelect(em, principal, q, origin);
  const { where, params, sort, direction } = select;
  const kinds: KeyKind[] = [sort === 'value' ? 'nullable-text' : 'text', 'text', 'int'];
  const request = keysetRequest(q, { sort, direction, kinds, rows: q.rows, maxRows: 200 });
  const total = await donationHistoryCount(em, where, params);
  const { items, ...page } = await pageRows(em, q, select, request, total);
  return { items: items.map(toRow), ...page, total };
}

/** How many rows `donationHistorySelect` gives (the export's total, for its progress bar). */
export async function donationHistoryCount(
  em: EntityManager,
  where: string,
  params: unknown[],
): Promise<number> {
  const [r] = await rows<{ count: number }>(
    em,
    `select count(*)::int as count from ${donationsSql({ values: false, receipt: false })} where ${where}`,
    params,
  );
  return r.count;
}
