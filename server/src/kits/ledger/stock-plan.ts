import type { StockMovementType } from './ledger.entity';
import type { LotPosting } from './ledger.types';
import type { BalanceKey, Deltas, LotFilter, Measure, PostingSource } from './stock-postings';

// The plan of a stock batch (stock-batch.ts, step 1): which lots each line takes or goes into, from
// the balances read without a lock. Pure: no statement here. The arithmetic is exact (thousandths as
// BigInt, numeric(14,3)).
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

/** A batch line's movement on one lot: the lot posting the line keeps, with the line it belongs to. */
export interface PostedItem extends LotPosting {
  line: number;
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

export const pairOf = (storageId: number, resourceId: number) => `${storageId}:${resourceId}`;

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
