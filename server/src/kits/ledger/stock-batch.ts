import { type BalanceRow, type BatchItem, type BatchLine, type PostedItem, pairOf } from './stock-plan';
import type { StockPostings } from './stock-postings';

// Every stock posting of goods in and out of a storage's lots goes through here, one line or all the
// lines of a document at once, in two statements whatever the number of lines (docs/ledger.md,
// "Locks and statements"):
//
// 1. read, without locking, the balances of the lines' (storage, resource) pairs, and plan the lots
//    each line takes (first expiry first unless it names its lot) or goes into (stock-plan.ts);
// 2. one statement locks the balance rows the plan changes, and only those, in id order (so two
//    documents over the same lots queue instead of deadlocking), checks every guard on their newest
//    versions and, only when every line fits, updates them, opens the new lots and inserts the
//    movements. When a guard fails (someone took the stock between the read and the lock) nothing is
//    written and the plan is made again from a fresh read, a few times, before the shortfall.
//
// The plan's arithmetic is exact (thousandths as BigInt, numeric(14,3)); the balances' own
// arithmetic (sums, weighted unit values) stays in PostgreSQL's numeric.

// Both statements are sent prepared, and after five runs PostgreSQL keeps a generic plan, made
// without the parameter's value: it takes a JSON array of rows for 100 rows. Joined to it as such, a
// table of a few thousand balances is read whole (a hash join over a sequential scan): at 10,000
// balances a posting cost 228 buffers and 10.9 ms under 8 clients, where at 100,000 the plan used
// the index (46 buffers). So each also names the balance rows as `= any(array(…))` of the
// parameter's values: an index scan at every size, 46 buffers and 1.9 ms at 10,000 (ledger-plans.test.ts).
const balancesSql = `with p as (select * from json_to_recordset(?::json) as p(s int, r int))
     select id, storage_id, resource_id, lot, expiry_date::text as expiry_date, on_hand::text as on_hand,
       reserved::text as reserved, in_transit::text as in_transit
     from stock_balance
     where storage_id = any(array(select s from p)) and resource_id = any(array(select r from p))
       and (storage_id, resource_id) in (select s, r from p)
     order by expiry_date asc nulls last, lot, id`;

/**
 * The statements' texts as they are sent: the read, the posting, and the closing posting to lots
 * that exist (ledger-plans.test.ts reads their generic plans).
 */
export const stockBatchStatements = (): { read: string; post: string; closeExisting: string } => ({
  read: balancesSql,
  post: postSql,
  closeExisting: closingExistingSql,
});

/** The (storage, resource) pairs of these legs, each once in first-met order: the read's parameter. */
function pairsParameter(legs: { s: number; r: number }[]): string {
  return JSON.stringify([...new Map(legs.map((p) => [pairOf(p.s, p.r), p])).values()]);
}

/** The read's parameter for these lines: each line's pair, and its transit's destination. */
function linesPairs(lines: BatchLine[]): string {
  return pairsParameter(
    lines.flatMap((l) => [
      { s: l.storageId, r: l.resourceId },
      ...(l.transit ? [{ s: l.transit.toStorageId, r: l.resourceId }] : []),
    ]),
  );
}

/** The balances of the lines' (storage, resource) pairs, first expiry first; no lock. */
export function readBalances(stock: StockPostings, lines: BatchLine[]): Promise<BalanceRow[]> {
  return stock.prepared<BalanceRow>('stock_balances_read', balancesSql, [linesPairs(lines)]);
}

/**
 * The balances of some (storage, resource) pairs, read inside the statement that opens a create
 * (document-write.ts, openCreate: the type's `readAhead`), in its round trip: what the first plan of
 * a posting of lines over exactly these pairs, in this order, reads (`for`); null when it is none of
 * theirs or the rows did not come.
 */
export class BalancesAhead {
  /** The read, as a subquery of the opening statement; its rows come back as JSON, in this order. */
  readonly sql = balancesSql;
  readonly params: unknown[];
  readonly orderBy = 'expiry_date asc nulls last, lot, id';
  private rows: BalanceRow[] | null = null;

  private constructor(private readonly pairs: string) {
    this.params = [pairs];
  }

  /**
   * The read for these pairs; null for none, or when a value is not an id: the read runs before the
   * input is checked, and a statement that failed would fail the command's opening.
   */
  static of(pairs: { storageId: unknown; resourceId: unknown }[]): BalancesAhead | null {
    const isId = (v: unknown): v is number =>
      Number.isSafeInteger(v) && (v as number) > 0 && (v as number) < 2 ** 31;
    if (!pairs.length || pairs.length > 500 || !pairs.every((p) => isId(p.storageId) && isId(p.resourceId)))
      return null;
    return new BalancesAhead(
      pairsParameter(pairs.map((p) => ({ s: p.storageId as number, r: p.resourceId as number }))),
    );
  }

  /** The read's rows, as the opening statement answered them. */
  answer(rows: Record<string, unknown>[]): void {
    this.rows = rows as unknown as BalanceRow[];
  }

  for(lines: BatchLine[]): BalanceRow[] | null {
    return this.rows && linesPairs(lines) === this.pairs ? this.rows : null;
  }
}

const guard = (row: string) =>
  `${row}.on_hand + i.q >= 0 and ${row}.reserved + i.r >= 0 and ${row}.in_transit + i.t >= 0 ` +
  `and ${row}.reserved + i.r <= ${row}.on_hand + i.q`;

const weighted = (row: string, q: string, v: string) =>
  `case when ${v} is not null and ${q} > 0 ` +
  `then round((${row}.on_hand * ${row}.unit_value + ${q} * ${v}) / (${row}.on_hand + ${q}), 6) ` +
  `else ${row}.unit_value end`;

const newLotValue =
  '(select i.v from i where i.balance_id is null and i.storage_id = excluded.storage_id ' +
  'and i.resource_id = excluded.resource_id and i.lot = excluded.lot ' +
  'and i.expiry_date is not distinct from excluded.expiry_date)';

// A transit leg's value: the locked unit value of the lot its goods left (goods out leave it as is).
const legValue =
  'coalesce(i.v, (select lk.unit_value from i f join lk on lk.id = f.balance_id where f.n = i.vf))';

// The guards are lk's alone, on the newest versions it locked (held to the transaction's end), and u
// takes its values from lk's rows, not from its own scan of stock_balance: when lk waited for a
// concurrent commit, u's scan saw the older version of the statement's snapshot (measured: a guard
// there skipped a row lk found fitting, its movement lost; values from it lost the commit's change).
const postSql = `with i as (
  select * from json_to_recordset(?::json) as i(n int, balance_id int, storage_id int, resource_id int, lot text,
    expiry_date date, q numeric, r numeric, t numeric, v numeric, movement_type text, reason_id int,
    document_type text, document_id int, line_id int, user_id int, vf int)
),
lk as materialized (
  select sb.id, sb.on_hand, sb.reserved, sb.in_transit, sb.unit_value, ${guard('sb')} as fits
  from stock_balance sb join i on i.balance_id = sb.id
  where sb.id = any(array(select balance_id from i where balance_id is not null))
  order by sb.id for update of sb
),
go as (select count(*) filter (where fits) = (select count(*) from i where balance_id is not null) as ok from lk),
u as (
  update stock_balance sb set on_hand = lk.on_hand + i.q, reserved = lk.reserved + i.r,
    in_transit = lk.in_transit + i.t, unit_value = ${weighted('lk', 'i.q', 'i.v')}, updated_at = now()
  from i join lk on lk.id = i.balance_id, go where go.ok and sb.id = lk.id
  returning i.n, sb.id, sb.storage_id, sb.resource_id, sb.lot, sb.expiry_date, sb.unit_value
),
nw as (
  insert into stock_balance as sb (storage_id, resource_id, lot, expiry_date, on_hand, reserved, in_transit,
    unit_value, updated_at)
  select i.storage_id, i.resource_id, i.lot, i.expiry_date, i.q, i.r, i.t, coalesce(${legValue}, 0), now()
  from i, go where go.ok and i.balance_id is null
  order by i.storage_id, i.resource_id, i.lot, i.expiry_date
  on conflict (storage_id, resource_id, lot, coalesce(expiry_date, 'infinity'::date)) do update set
    on_hand = sb.on_hand + excluded.on_hand, reserved = sb.reserved + excluded.reserved,
    in_transit = sb.in_transit + excluded.in_transit,
    unit_value = ${weighted('sb', 'excluded.on_hand', newLotValue)}, updated_at = now()
  returning sb.id, sb.storage_id, sb.resource_id, sb.lot, sb.expiry_date, sb.unit_value
),
b as (
  select n, id, storage_id, resource_id, lot, expiry_date, unit_value from u
  union all
  select i.n, nw.id, nw.storage_id, nw.resource_id, nw.lot, nw.expiry_date, nw.unit_value
  from nw join i on i.balance_id is null and i.storage_id = nw.storage_id and i.resource_id = nw.resource_id
    and i.lot = nw.lot and i.expiry_date is not distinct from nw.expiry_date
),
m as (
  insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type, quantity,
    reserved_delta, transit_delta, unit_value, reason_id, document_type, document_id, document_line_id,
    created_by_id, created_at)
  select b.id, b.storage_id, b.resource_id, b.lot, b.expiry_date, i.movement_type, i.q, i.r, i.t,
    coalesce(${legValue}, b.unit_value), i.reason_id, i.document_type, i.document_id, i.line_id, i.user_id, now()
  from b join i on i.n = b.n order by i.n
  returning id, balance_id, lot, expiry_date, unit_value
)
select go.ok, b.n, m.id::text as movement_id, m.balance_id, m.lot, m.expiry_date, m.unit_value
from go left join m on true left join b on b.id = m.balance_id`;

/**
 * The same statement as a command's closing one (platform/db/command-transaction.ts, closeWith): a
 * refusal raises (closing_refused(), SQLSTATE NJ002) instead of answering `ok` false, so that the
 * COMMIT sent right behind it rolls the whole command back.
 */
const closingPostSql = postSql.replace(
  /\nselect go\.ok, /,
  '\nselect case when go.ok then true else closing_refused() end as ok, ',
);
if (closingPostSql === postSql) throw new Error('stock-batch: the closing statement lost its refusal');

/**
 * A statement without its new lots (`nw` and its branch of `b`), for items that all name a balance:
 * PostgreSQL sets up every part of a statement at each run (executor start-up), the `INSERT … ON
 * CONFLICT` of new lots included when it inserts nothing (4 % of PostgreSQL's CPU for a one-line
 * posting, measured with one client).
 */
function withoutNewLots(sql: string): string {
  const lean = sql
    .replace(/\nnw as \([\s\S]*?\n\),(?=\nb as \()/, '')
    .replace(/\n {2}union all\n {2}select i\.n, nw\.id[\s\S]*?(?=\n\),\nm as \()/, '');
  if (/\bnw\b/.test(lean)) throw new Error('stock-batch: a statement kept part of its new lots');
  return lean;
}
const closingExistingSql = withoutNewLots(closingPostSql);

/**
 * The balances a closing statement changes, locked just before it in the same round trip (closeWith's
 * lead), in lk's order. Waited for there, a concurrent posting's lock ends before the closing
 * statement takes its snapshot: lk then finds the newest versions already locked, and neither lk nor
 * u has PostgreSQL re-check a row it waited for (EvalPlanQual sets up the whole statement again, its
 * every CTE: measured 8 % of PostgreSQL's CPU on the hot lots, docs/ledger.md). lk keeps its lock and
 * its guards, so the closing statement is as safe without this statement as with it.
 */
const lockSql = 'select id from stock_balance where id = any(?::int[]) order by id for update';

/** The statement's one JSON parameter: the planned items. */
function itemsJson(items: BatchItem[]): string {
  return JSON.stringify(
    items.map((it, n) => ({
      n,
      balance_id: it.balanceId,
      storage_id: it.storageId,
      resource_id: it.resourceId,
      lot: it.lot,
      expiry_date: it.expiryDate,
      q: it.deltas.onHand,
      r: it.deltas.reserved,
      t: it.deltas.inTransit,
      v: it.unitValue,
      movement_type: it.movementType,
      reason_id: it.reasonId,
      document_type: it.source.documentType,
      document_id: it.source.documentId,
      line_id: it.source.lineId ?? null,
      user_id: it.source.userId,
      vf: it.valueFrom ?? null,
    })),
  );
}

/**
 * Sends the planned items as the command's closing statement (closeWith): true when sent (its
 * answer is not read: its refusal is the command's), false when the transaction is not a command's
 * own (then nothing was sent).
 */
export function closeWithItems(stock: StockPostings, items: BatchItem[]): boolean {
  const locked = [...new Set(items.flatMap((it) => (it.balanceId === null ? [] : [it.balanceId])))];
  const existing = items.every((it) => it.balanceId !== null);
  return stock.close(
    existing ? 'stock_batch_close_existing' : 'stock_batch_close',
    existing ? closingExistingSql : closingPostSql,
    [itemsJson(items)],
    locked.length > 0 ? { name: 'stock_batch_lock', sql: lockSql, values: [locked] } : undefined,
  );
}

/**
 * Posts the planned items in one statement; null when a guard refused (nothing written, the rows
 * it locked stay locked until the transaction ends).
 */
export async function postItems(stock: StockPostings, items: BatchItem[]): Promise<PostedItem[] | null> {
  const rows = await stock.prepared<{
    ok: boolean;
    n: number | null;
    movement_id: string | null;
    balance_id: number;
    lot: string;
    expiry_date: string | null;
    unit_value: string;
  }>('stock_batch_post', postSql, [itemsJson(items)]);
  if (!rows[0]?.ok) return null;
  const byItem = new Map(rows.filter((r) => r.movement_id !== null).map((r) => [r.n, r]));
  return items.map((it, n) => {
    const m = byItem.get(n);
    if (!m || m.movement_id === null) throw new Error('a batch posting lost one of its movements');
    return {
      line: it.line,
      movementId: m.movement_id,
      balanceId: m.balance_id,
      lot: m.lot,
      expiryDate: m.expiry_date,
      quantity: it.quantity,
      unitValue: m.unit_value,
    };
  });
}
