import type { StockMovementType } from './ledger.entity';
import type { BalanceKey, Deltas, LotFilter, Measure, PostingSource, StockPostings } from './stock-postings';

// Every stock posting of goods in and out of a storage's lots goes through here, one line or all the
// lines of a document at once, in two statements whatever the number of lines (docs/ledger.md,
// "Locks and statements"):
//
// 1. read, without locking, the balances of the lines' (storage, resource) pairs, and plan the lots
//    each line takes (first expiry first unless it names its lot) or goes into;
// 2. one statement locks the balance rows the plan changes, and only those, in id order (so two
//    documents over the same lots queue instead of deadlocking), checks every guard on their newest
//    versions and, only when every line fits, updates them, opens the new lots and inserts the
//    movements. When a guard fails (someone took the stock between the read and the lock) nothing is
//    written and the plan is made again from a fresh read, a few times, before the shortfall.
//
// The plan's arithmetic is exact (thousandths as BigInt, numeric(14,3)); the balances' own
// arithmetic (sums, weighted unit values) stays in PostgreSQL's numeric.

/** One line of a batch: goods into a lot (IN) or out of lots (OUT). */
export interface BatchLine {
  direction: 'IN' | 'OUT';
  storageId: number;
  resourceId: number;
  /** Positive. */
  quantity: string;
  /** IN: the lot the goods go into (the lot-expiry rule already applied by the caller's key). */
  key?: BalanceKey;
  /** OUT: what the line draws on and which lots it may take from. */
  measure?: Measure;
  filter?: LotFilter;
  /**
   * IN out of a lot's in-transit column (a transfer received): the lot must be on the books with at
   * least this much in transit, or the plan is the IN_TRANSIT shortfall.
   */
  fromTransit?: string;
  /**
   * OUT into another storage (a transfer sent): each lot taken goes, in the same statement, into
   * that storage's lot of the same number and expiry (the lot-expiry rule applies) at the unit
   * value the lot left at.
   */
  transit?: { toStorageId: number; movementType: StockMovementType; deltasFor: (quantity: string) => Deltas };
  movementType: StockMovementType;
  deltasFor: (quantity: string) => Deltas;
  unitValue: string | null;
  reasonId: number | null;
  source: PostingSource;
}

export interface BalanceRow {
  id: number;
  storage_id: number;
  resource_id: number;
  lot: string;
  expiry_date: string | null;
  on_hand: string;
  reserved: string;
  in_transit: string;
}

/** One balance row changed by one line (a line out of several lots has several). */
export interface BatchItem {
  line: number;
  balanceId: number | null;
  storageId: number;
  resourceId: number;
  lot: string;
  expiryDate: string | null;
  quantity: string;
  deltas: Deltas;
  movementType: StockMovementType;
  unitValue: string | null;
  reasonId: number | null;
  source: PostingSource;
  /** A transit leg: its unit value is the one item `valueFrom` left its lot at (locked). */
  valueFrom?: number;
}

export type Plan =
  /** `several`: a line out could take other lots when planned again (its filter reaches several). */
  | { kind: 'ITEMS'; items: BatchItem[]; several: boolean }
  /** Two lines meet on one balance (or a pair has goods in and out): post them one by one. */
  | { kind: 'ONE_BY_ONE' }
  | {
      kind: 'SHORTFALL';
      line: number;
      measure: Measure | 'IN_TRANSIT';
      available: string;
      requested: string;
      expired: string;
    }
  /** An IN line's (or transit leg's) lot number is on the books with other expiry dates. */
  | { kind: 'LOT_CONFLICT'; line: number; key: BalanceKey };

export interface PostedItem {
  line: number;
  movementId: string;
  balanceId: number;
  lot: string;
  expiryDate: string | null;
  quantity: string;
  unitValue: string;
}

// ── exact thousandths ───────────────────────────────────────────────────────────────────────

export function milli(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const m = BigInt(whole || '0') * 1000n + BigInt(`${fraction}000`.slice(0, 3));
  return negative ? -m : m;
}

export function decimal(m: bigint): string {
  const negative = m < 0n;
  const a = negative ? -m : m;
  const text = `${a / 1000n}.${String(a % 1000n).padStart(3, '0')}`;
  return negative ? `-${text}` : text;
}

const measureOf = (row: BalanceRow, measure: Measure) =>
  measure === 'RESERVED' ? milli(row.reserved) : milli(row.on_hand) - milli(row.reserved);

const pairOf = (storageId: number, resourceId: number) => `${storageId}:${resourceId}`;

/**
 * The plan of a batch from the balances read (ordered first expiry first: expiry, no expiry last,
 * lot number, id). Lines are planned in order, each seeing what the earlier ones took.
 */
export function planBatch(lines: BatchLine[], rows: BalanceRow[]): Plan {
  const directions = new Map<string, Set<string>>();
  const meet = (storageId: number, resourceId: number, direction: string) => {
    const pair = pairOf(storageId, resourceId);
    directions.set(pair, (directions.get(pair) ?? new Set()).add(direction));
  };
  for (const line of lines) {
    meet(line.storageId, line.resourceId, line.direction);
    if (line.transit) meet(line.transit.toStorageId, line.resourceId, 'IN');
  }
  const legs = lines.length + lines.filter((l) => l.transit).length;
  if (legs > 1 && [...directions.values()].some((d) => d.size > 1)) return { kind: 'ONE_BY_ONE' };
  const left = new Map(rows.map((r) => [r.id, r]));
  const taken = new Map<number, bigint>();
  const touched = new Set<string>();
  const items: BatchItem[] = [];
  let several = false;
  const item = (line: number, l: BatchLine, at: Omit<BalanceKey, 'storageId' | 'resourceId'>, q: string) => ({
    line,
    balanceId: null,
    storageId: l.storageId,
    resourceId: l.resourceId,
    lot: at.lot,
    expiryDate: at.expiryDate,
    quantity: q,
    deltas: l.deltasFor(q),
    movementType: l.movementType,
    unitValue: l.unitValue,
    reasonId: l.reasonId,
    source: l.source,
  });
  const ofPair = (storageId: number, resourceId: number) =>
    rows.filter((r) => r.storage_id === storageId && r.resource_id === resourceId);
  /** The balance row goods in go to (the lot-expiry rule), or why the plan stops. */
  const placeIn = (n: number, key: BalanceKey): Plan | { key: BalanceKey; row: BalanceRow | undefined } => {
    const found = ofPair(key.storageId, key.resourceId);
    // A lot number on the books is that lot: no expiry takes its one date, another date is refused.
    const ofLot = key.lot === '' ? [] : found.filter((r) => r.lot === key.lot);
    const dated = [...new Set(ofLot.map((r) => r.expiry_date).filter((d) => d !== null))];
    let at = key;
    if (key.expiryDate !== null) {
      if (ofLot.length && !ofLot.some((r) => r.expiry_date === key.expiryDate)) {
        return { kind: 'LOT_CONFLICT', line: n, key };
      }
    } else if (dated.length === 1) at = { ...key, expiryDate: dated[0] };
    else if (dated.length > 1) return { kind: 'LOT_CONFLICT', line: n, key };
    const row = found.find((r) => r.lot === at.lot && r.expiry_date === at.expiryDate);
    const id = row
      ? String(row.id)
      : `${pairOf(at.storageId, at.resourceId)}:${at.lot}\u0000${at.expiryDate}`;
    if (touched.has(id)) return { kind: 'ONE_BY_ONE' };
    touched.add(id);
    return { key: at, row };
  };
  for (const [n, line] of lines.entries()) {
    if (line.direction === 'IN') {
      const placed = placeIn(n, line.key as BalanceKey);
      if ('kind' in placed) return placed;
      const { key, row } = placed;
      if (line.fromTransit !== undefined && (!row || milli(row.in_transit) < milli(line.fromTransit))) {
        const inTransit = row ? row.in_transit : '0';
        return {
          kind: 'SHORTFALL',
          line: n,
          measure: 'IN_TRANSIT',
          available: decimal(milli(inTransit)),
          requested: line.fromTransit,
          expired: '0',
        };
      }
      items.push({ ...item(n, line, key, line.quantity), balanceId: row?.id ?? null });
      continue;
    }
    const measure = line.measure as Measure;
    const filter = line.filter ?? {};
    const wanted = milli(line.quantity);
    let total = 0n;
    let expired = 0n;
    let reached = 0;
    const lots: { row: BalanceRow; avail: bigint }[] = [];
    for (const row of ofPair(line.storageId, line.resourceId)) {
      const avail = measureOf(row, measure) - (taken.get(row.id) ?? 0n);
      if (filter.notExpiredOn && row.expiry_date !== null && row.expiry_date < filter.notExpiredOn) {
        expired += avail;
        continue;
      }
      if (filter.lot !== undefined && row.lot !== filter.lot) continue;
      if (filter.expiryDate !== undefined && row.expiry_date !== filter.expiryDate) continue;
      reached += 1;
      if (avail <= 0n) continue;
      total += avail;
      lots.push({ row, avail });
    }
    if (total < wanted) {
      return {
        kind: 'SHORTFALL',
        line: n,
        measure,
        available: decimal(total),
        requested: line.quantity,
        expired: decimal(expired),
      };
    }
    several ||= reached > 1;
    let rest = wanted;
    for (const { row, avail } of lots) {
      if (rest <= 0n) break;
      const take = avail < rest ? avail : rest;
      rest -= take;
      if (touched.has(String(row.id))) return { kind: 'ONE_BY_ONE' };
      touched.add(String(row.id));
      taken.set(row.id, (taken.get(row.id) ?? 0n) + take);
      const at = left.get(row.id) as BalanceRow;
      const out = { lot: at.lot, expiryDate: at.expiry_date };
      items.push({ ...item(n, line, out, decimal(take)), balanceId: row.id });
      if (!line.transit) continue;
      // The transit leg: the same lot number and expiry in the destination, at the value it left at.
      const { toStorageId, movementType, deltasFor } = line.transit;
      const placed = placeIn(n, { storageId: toStorageId, resourceId: line.resourceId, ...out });
      if ('kind' in placed) return placed;
      items.push({
        ...item(n, line, placed.key, decimal(take)),
        storageId: toStorageId,
        balanceId: placed.row?.id ?? null,
        deltas: deltasFor(decimal(take)),
        movementType,
        unitValue: null,
        reasonId: null,
        valueFrom: items.length - 1,
      });
    }
  }
  return { kind: 'ITEMS', items, several };
}

/** The balances of the lines' (storage, resource) pairs, first expiry first; no lock. */
export function readBalances(stock: StockPostings, lines: BatchLine[]): Promise<BalanceRow[]> {
  const legs = lines.flatMap((l) => [
    { s: l.storageId, r: l.resourceId },
    ...(l.transit ? [{ s: l.transit.toStorageId, r: l.resourceId }] : []),
  ]);
  const pairs = [...new Map(legs.map((p) => [pairOf(p.s, p.r), p])).values()];
  return stock.prepared<BalanceRow>(
    'stock_balances_read',
    `select id, storage_id, resource_id, lot, expiry_date::text as expiry_date, on_hand::text as on_hand,
       reserved::text as reserved, in_transit::text as in_transit
     from stock_balance
     where (storage_id, resource_id) in (select s, r from json_to_recordset(?::json) as p(s int, r int))
     order by expiry_date asc nulls last, lot, id`,
    [JSON.stringify(pairs)],
  );
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
 * Posts the planned items in one statement; null when a guard refused (nothing written, the rows
 * it locked stay locked until the transaction ends).
 */
export async function postItems(stock: StockPostings, items: BatchItem[]): Promise<PostedItem[] | null> {
  const input = items.map((it, n) => ({
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
  }));
  const rows = await stock.prepared<{
    ok: boolean;
    n: number | null;
    movement_id: string | null;
    balance_id: number;
    lot: string;
    expiry_date: string | null;
    unit_value: string;
  }>('stock_batch_post', postSql, [JSON.stringify(input)]);
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
