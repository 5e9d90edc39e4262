import type { EntityManager } from '@mikro-orm/postgresql';
import { prepared } from '../../platform/db/prepared';
import { badInput } from '../../platform/errors';
import type { StockMovementType } from './ledger.entity';

// The SQL under LedgerService's stock operations. A posting is one statement: a guarded change of
// one balance row (an UPDATE, or for stock coming in an INSERT … ON CONFLICT DO UPDATE) whose WHERE
// keeps every column at or above zero and the reservation within on hand, chained (WITH) to the
// insert of its movement. No row back means the guard refused and nothing was written. The
// table's CHECKs are the last line of defence behind the guards.

/** The document action that causes a posting. */
export interface PostingSource {
  documentType: string;
  documentId: number;
  lineId?: number | null;
  /** The person whose action it is (app_user id). */
  userId: number;
}

/** Signed changes of a balance's on_hand, reserved and in_transit, as decimal strings. */
export interface Deltas {
  onHand: string;
  reserved: string;
  inTransit: string;
}

export interface StockChange {
  movementType: StockMovementType;
  deltas: Deltas;
  /** Value per unit of stock coming in, weighted into the balance's; null: the balance's own. */
  unitValue: string | null;
  reasonId?: number | null;
  reversalOf?: string | null;
}

/** A balance row's identity: storage, resource and lot (lot number and expiry date). */
export interface BalanceKey {
  storageId: number;
  resourceId: number;
  lot: string;
  expiryDate: string | null;
}

export interface PostedMovement {
  movementId: string;
  balanceId: number;
  lot: string;
  expiryDate: string | null;
  quantity: string;
  reservedDelta: string;
  transitDelta: string;
  unitValue: string;
}

/** Which balance column an allocation draws on. */
export type Measure = 'AVAILABLE' | 'RESERVED';

/** Which lots a line may take from; undefined leaves that part open. */
export interface LotFilter {
  lot?: string;
  expiryDate?: string | null;
  /** Leave out lots whose expiry date is before this day ('YYYY-MM-DD'). */
  notExpiredOn?: string;
}

interface MovementRow {
  id: string;
  balance_id: number;
  lot: string;
  expiry_date: string | null;
  quantity: string;
  reserved_delta: string;
  transit_delta: string;
  unit_value: string;
}

const movementInsert = `
insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type, quantity,
  reserved_delta, transit_delta, unit_value, reason_id, reversal_of_id, document_type, document_id,
  document_line_id, created_by_id, created_at)
select b.id, b.storage_id, b.resource_id, b.lot, b.expiry_date, ?, d.q, d.r, d.t, coalesce(d.v, b.unit_value),
  ?::int, ?::bigint, ?, ?::int, ?::int, ?::int, now()
from b cross join d
returning id, balance_id, lot, expiry_date, quantity, reserved_delta, transit_delta, unit_value`;

const deltasCte = 'd as (select ?::numeric as q, ?::numeric as r, ?::numeric as t, ?::numeric as v)';

const guard = (row: string, q: string, r: string, t: string) =>
  `${row}.on_hand + ${q} >= 0 and ${row}.reserved + ${r} >= 0 and ${row}.in_transit + ${t} >= 0 ` +
  `and ${row}.reserved + ${r} <= ${row}.on_hand + ${q}`;

/** Stock coming in at value v is weighted into the lot's unit value; stock going out leaves it. */
const weightedValue = (row: string, q: string, v: string) =>
  `case when ${v} is not null and ${q} > 0 ` +
  `then round((${row}.on_hand * ${row}.unit_value + ${q} * ${v}) / (${row}.on_hand + ${q}), 6) ` +
  `else ${row}.unit_value end`;

const returningBalance =
  'returning sb.id, sb.storage_id, sb.resource_id, sb.lot, sb.expiry_date, sb.unit_value';

/** An id given by a caller: a positive whole number (ids are written into SQL as numbers). */
export function requireId(value: number, th: string, en: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw badInput(`${th}ไม่ถูกต้อง (${String(value)})`, `Invalid ${en} (${String(value)})`, { [en]: value });
  }
  return value;
}

export class StockPostings {
  constructor(private readonly em: EntityManager) {}

  async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.em.execute(sql, params)) as unknown as T[];
  }

  /**
   * A fixed statement of the posting path (stock-batch.ts: a text that does not vary with the lines),
   * sent as a named prepared statement (platform/db/prepared.ts).
   */
  prepared<T>(name: string, sql: string, values: unknown[]): Promise<T[]> {
    return prepared(name, sql).rows<T>(this.em, values);
  }

  /**
   * A fixed statement sent prepared as the command's closing one (closeWith), behind `lead` when
   * given (in the same round trip); false: not sent.
   */
  close(
    name: string,
    sql: string,
    values: unknown[],
    lead?: { name: string; sql: string; values: unknown[] },
  ): boolean {
    return prepared(name, sql).close(
      this.em,
      values,
      lead && { statement: prepared(lead.name, lead.sql), values: lead.values },
    );
  }

  private movementParams(change: StockChange, source: PostingSource): unknown[] {
    return [
      change.movementType,
      change.reasonId ?? null,
      change.reversalOf ?? null,
      source.documentType,
      source.documentId,
      source.lineId ?? null,
      source.userId,
    ];
  }

  private deltaParams(change: StockChange): unknown[] {
    const { onHand, reserved, inTransit } = change.deltas;
    return [onHand, reserved, inTransit, change.unitValue];
  }

  private posted(rows: MovementRow[]): PostedMovement | null {
    const m = rows[0];
    if (!m) return null;
    return {
      movementId: String(m.id),
      balanceId: m.balance_id,
      lot: m.lot,
      expiryDate: m.expiry_date,
      quantity: m.quantity,
      reservedDelta: m.reserved_delta,
      transitDelta: m.transit_delta,
      unitValue: m.unit_value,
    };
  }

  /** Changes an existing balance row by id; null when the guard refuses (or there is no such row). */
  async apply(balanceId: number, change: StockChange, source: PostingSource): Promise<PostedMovement | null> {
    const sql = `with ${deltasCte},
b as (
  update stock_balance sb set on_hand = sb.on_hand + d.q, reserved = sb.reserved + d.r,
    in_transit = sb.in_transit + d.t, unit_value = ${weightedValue('sb', 'd.q', 'd.v')}, updated_at = now()
  from d
  where sb.id = ? and ${guard('sb', 'd.q', 'd.r', 'd.t')}
  ${returningBalance}
)${movementInsert}`;
    return this.posted(
      await this.rows<MovementRow>(sql, [
        ...this.deltaParams(change),
        balanceId,
        ...this.movementParams(change, source),
      ]),
    );
  }

  /**
   * The expiry dates a lot number has in a storage (locked, id order): empty when the lot is new.
   * Only a lot with a number: goods without one are told apart by their expiry alone.
   */
  async lotExpiries(storageId: number, resourceId: number, lot: string): Promise<(string | null)[]> {
    const list = await this.rows<{ expiry_date: string | null }>(
      `select expiry_date::text as expiry_date from stock_balance
       where storage_id = ? and resource_id = ? and lot = ? order by id for update`,
      [storageId, resourceId, lot],
    );
    return [...new Set(list.map((r) => r.expiry_date))];
  }

  /** Locks the balance rows of these lot numbers (any expiry) of (storage, resource) pairs, in id order. */
  async lockLots(lots: [storageId: number, resourceId: number, lot: string][]): Promise<void> {
    if (!lots.length) return;
    await this.rows(
      `select id from stock_balance where (storage_id, resource_id, lot) in (${lots.map(() => '(?, ?, ?)').join(', ')})
       order by id for update`,
      lots.flat(),
    );
  }

  /** Locks every balance row of these (storage, resource) pairs, in id order. */
  async lockPairs(pairs: [storageId: number, resourceId: number][]): Promise<void> {
    if (!pairs.length) return;
    await this.rows(
      `select id from stock_balance where (storage_id, resource_id) in (${pairs.map(() => '(?, ?)').join(', ')})
       order by id for update`,
      pairs.flat(),
    );
  }
}
