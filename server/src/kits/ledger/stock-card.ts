import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import { badInput } from '../../platform/errors';
import type { StockMovementType } from './ledger.entity';
import {
  documentNumberJoin,
  type MovementSourceView,
  type Period,
  requireOwnedInScope,
} from './ledger.queries';

// The stock card of one resource in one storage (docs/ledger.md, "The stock card's period and
// pages"). The period is applied first: the opening balance is the balance rows now less the
// movements since the period's start, so nothing before the period is read; then a page of the
// period's movements, by key (created_at, id), with running balances that start from the balance
// now less the movements after the page's cursor. One statement (two with a cursor, which is
// checked first); its cost follows the movements from the period's start to now, not the history.

export interface StockCardRow extends MovementSourceView {
  movementId: string;
  movementType: StockMovementType;
  lot: string;
  expiryDate: string | null;
  quantity: string;
  reservedDelta: string;
  transitDelta: string;
  unitValue: string;
  reasonCode: string | null;
  reasonNameTh: string | null;
  /** Running totals of this storage and resource (all lots) after the movement. */
  onHandAfter: string;
  reservedAfter: string;
  inTransitAfter: string;
  /** Running on hand of the movement's own lot. */
  lotOnHandAfter: string;
}

/** What a lot held at the start of the period. */
export interface StockCardLotOpening {
  lot: string;
  expiryDate: string | null;
  onHand: string;
  reserved: string;
  inTransit: string;
}

/** The storage and resource's balance at the start of the period (all zero without a start). */
export interface StockCardOpening {
  onHand: string;
  reserved: string;
  inTransit: string;
  /** The lots with something on hand, reserved or in transit then, first expiry first. */
  lots: StockCardLotOpening[];
}

export interface StockCardPage {
  opening: StockCardOpening;
  entries: StockCardRow[];
  /** The `after` of the next page; null on the last. */
  nextCursor: string | null;
}

export interface StockCardQuery extends Period {
  storageId: number;
  resourceId: number;
  /** Movements per page; without it, every movement of the period. */
  first?: number;
  /** The cursor of the page before: its last movement's id. */
  after?: string | null;
}

export const STOCK_CARD_MAX_PAGE = 1000;

const badCursor = () =>
  badInput(
    'ตัวชี้หน้าถัดไป (after) ไม่ใช่รายการของบัตรคุมสินค้านี้ในช่วงเวลาที่เลือก',
    'The cursor (after) is not a movement of this stock card within the period',
  );

function checked(query: StockCardQuery): StockCardQuery {
  const first = query.first;
  if (first !== undefined && !(Number.isInteger(first) && first >= 1 && first <= STOCK_CARD_MAX_PAGE)) {
    throw badInput(
      `จำนวนรายการต่อหน้า (first) ต้องเป็นจำนวนเต็ม 1 ถึง ${STOCK_CARD_MAX_PAGE}`,
      `first must be a whole number from 1 to ${STOCK_CARD_MAX_PAGE}`,
    );
  }
  if (query.from && query.to && query.from > query.to) {
    throw badInput('วันเริ่มต้องไม่อยู่หลังวันสิ้นสุด', 'The period starts after it ends');
  }
  if (query.after != null && !/^[1-9]\d{0,17}$/.test(query.after)) throw badCursor();
  return query;
}

/**
 * The statement the card runs (exported so a test can EXPLAIN it): one row with the opening
 * (json) and the page's entries (json, one more than `first` to tell whether a next page exists).
 */
export function stockCardStatement(query: StockCardQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const key = () =>
    `m.storage_id = ${p(query.storageId)}::int and m.resource_id = ${p(query.resourceId)}::int`;
  const from = query.from ? query.from.toISOString() : null;
  const after = query.after ?? null;
  const zero = '0::numeric(14,3)';
  // The cursor's time, as a parameter of the scans (an init plan: one lookup by primary key).
  const cursorAt = () => `(select c.created_at from stock_movement c where c.id = ${p(after)}::bigint)`;
  const afterCursor = () => `(m.created_at, m.id) > (${cursorAt()}, ${p(after)}::bigint)`;
  const ctes: string[] = [];
  ctes.push(`bal as (select b.id, b.lot, b.expiry_date, b.on_hand, b.reserved, b.in_transit from stock_balance b
      where b.storage_id = ${p(query.storageId)}::int and b.resource_id = ${p(query.resourceId)}::int)`);
  // The movements from the period's start (or the cursor) to now, summed per lot: all the card
  // reads besides its page. Without a start and a cursor there is nothing to take back.
  const scanned = from !== null || after !== null;
  if (scanned) {
    const lower = () =>
      from !== null ? `m.created_at >= ${p(from)}::timestamptz` : `m.created_at >= ${cursorAt()}`;
    const cols = (filter: () => string) =>
      ['quantity', 'reserved_delta', 'transit_delta']
        .map((c, i) => {
          const where = filter();
          return `sum(m.${c})${where} as ${where ? 'c' : ''}${'qrt'[i]}`;
        })
        .join(', ');
    ctes.push(`since as materialized (select m.balance_id, ${cols(() => '')}${
      after ? `, ${cols(() => ` filter (where ${afterCursor()})`)}` : ''
    }
      from stock_movement m where ${key()} and ${lower()} group by m.balance_id)`);
  }
  const open = (col: string, s: string) => (from !== null ? `bal.${col} - coalesce(s.${s}, 0)` : zero);
  const start = (col: string, s: string) => (after ? `bal.${col} - coalesce(s.c${s}, 0)` : open(col, s));
  ctes.push(`lots as (select bal.id, bal.lot, bal.expiry_date,
      ${open('on_hand', 'q')} as open_q, ${open('reserved', 'r')} as open_r, ${open('in_transit', 't')} as open_t,
      ${start('on_hand', 'q')} as start_q, ${start('reserved', 'r')} as start_r, ${start('in_transit', 't')} as start_t
      from bal${scanned ? ' left join since s on s.balance_id = bal.id' : ''})`);
  // Placeholders are numbered in the order they appear: each part pushes its values as it is written.
  const pageLower = () =>
    after
      ? `m.created_at >= ${cursorAt()} and ${afterCursor()}`
      : from !== null
        ? `m.created_at >= ${p(from)}::timestamptz`
        : 'true';
  const upper = () => (query.to ? ` and m.created_at < ${p(query.to.toISOString())}::timestamptz` : '');
  const limit = () => (query.first !== undefined ? ` limit ${p(query.first + 1)}::int` : '');
  ctes.push(`page as materialized (select m.* from stock_movement m
      where ${key()} and ${pageLower()}${upper()} order by m.created_at, m.id${limit()})`);
  ctes.push(`card as (select m.*, l.start_q + sum(m.quantity) over lot as lot_on_hand_after,
      t.q + sum(m.quantity) over w as on_hand_after, t.r + sum(m.reserved_delta) over w as reserved_after,
      t.t + sum(m.transit_delta) over w as in_transit_after
      from page m join lots l on l.id = m.balance_id
      cross join (select coalesce(sum(start_q), 0) as q, coalesce(sum(start_r), 0) as r,
        coalesce(sum(start_t), 0) as t from lots) t
      window w as (order by m.created_at, m.id), lot as (partition by m.balance_id order by m.created_at, m.id))`);
  const sql = `with ${ctes.join(',\n    ')}
    select
      (select json_build_object('onHand', coalesce(sum(open_q), 0)::numeric(14,3)::text,
         'reserved', coalesce(sum(open_r), 0)::numeric(14,3)::text,
         'inTransit', coalesce(sum(open_t), 0)::numeric(14,3)::text,
         'lots', coalesce(json_agg(json_build_object('lot', lot, 'expiryDate', expiry_date::text,
            'onHand', open_q::text, 'reserved', open_r::text, 'inTransit', open_t::text)
            order by expiry_date nulls last, lot) filter (where open_q <> 0 or open_r <> 0 or open_t <> 0), '[]'))
       from lots) as opening,
      (select coalesce(json_agg(json_build_object('movementId', c.id::text, 'createdAt', c.created_at,
         'movementType', c.movement_type, 'lot', c.lot, 'expiryDate', c.expiry_date::text,
         'quantity', c.quantity::text, 'reservedDelta', c.reserved_delta::text,
         'transitDelta', c.transit_delta::text, 'unitValue', round(c.unit_value, 2)::text,
         'reasonCode', rs.code, 'reasonNameTh', rs.name_th,
         'onHandAfter', c.on_hand_after::text, 'reservedAfter', c.reserved_after::text,
         'inTransitAfter', c.in_transit_after::text, 'lotOnHandAfter', c.lot_on_hand_after::text,
         'documentType', c.document_type, 'documentId', c.document_id, 'documentNumber', dn.number,
         'documentLineId', c.document_line_id, 'createdById', c.created_by_id,
         'reversalOfId', c.reversal_of_id::text) order by c.created_at, c.id), '[]')
       from card c left join ref_missing_excess_reason rs on rs.id = c.reason_id
       ${documentNumberJoin('c')}) as entries`;
  return { sql, params };
}

type JsonEntry = Omit<StockCardRow, 'createdAt'> & { createdAt: string };

/** One page of the stock card of a resource in a storage: the opening balance, then the period's movements. */
export async function stockCardPage(
  em: EntityManager,
  principal: Principal,
  input: StockCardQuery,
): Promise<StockCardPage> {
  const query = checked(input);
  await requireOwnedInScope(em, principal, 'ref_storage', query.storageId);
  if (query.after) {
    const params: unknown[] = [query.after, query.storageId, query.resourceId];
    let period = '';
    if (query.from) {
      period += ' and created_at >= ?::timestamptz';
      params.push(query.from.toISOString());
    }
    if (query.to) {
      period += ' and created_at < ?::timestamptz';
      params.push(query.to.toISOString());
    }
    const found = await em.execute(
      `select 1 as ok from stock_movement where id = ?::bigint and storage_id = ?::int and resource_id = ?::int${period}`,
      params,
    );
    if (found.length === 0) throw badCursor();
  }
  const statement = stockCardStatement({
    ...query,
    resourceId: Number.isSafeInteger(query.resourceId) ? query.resourceId : 0,
  });
  const [row] = (await em.execute(statement.sql, statement.params)) as unknown as {
    opening: StockCardOpening;
    entries: JsonEntry[];
  }[];
  const all = row.entries.map((e) => ({ ...e, createdAt: new Date(e.createdAt) }));
  const more = query.first !== undefined && all.length > query.first;
  const entries = more ? all.slice(0, query.first) : all;
  return { opening: row.opening, entries, nextCursor: more ? (entries.at(-1)?.movementId ?? null) : null };
}

/** The whole stock card of the period in one answer (its callers read short cards). */
export async function stockCard(
  em: EntityManager,
  principal: Principal,
  query: { storageId: number; resourceId: number } & Period,
): Promise<StockCardRow[]> {
  return (await stockCardPage(em, principal, query)).entries;
}
