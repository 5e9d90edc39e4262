import type { EntityManager } from '@mikro-orm/postgresql';

// The ledgers' invariants as queries: used by the tests now and by a Jepsen-style checker later.
// Each reads one snapshot (run them in a repeatable-read transaction to compare both at one instant).

export interface StockMismatch {
  balanceId: number;
  storageId: number;
  resourceId: number;
  lot: string;
  expiryDate: string | null;
  onHand: string;
  movementsOnHand: string;
  reserved: string;
  movementsReserved: string;
  inTransit: string;
  movementsInTransit: string;
}

export interface MoneyMismatch {
  balanceId: number;
  accountId: number;
  balance: string;
  movementsBalance: string;
  reserved: string;
  movementsReserved: string;
}

/** Every balance whose columns differ from the sums of its movements; both lists empty when sound. */
export async function verifyLedger(
  em: EntityManager,
): Promise<{ stock: StockMismatch[]; money: MoneyMismatch[] }> {
  const stock = (await em.execute(
    `select b.id, b.storage_id, b.resource_id, b.lot, b.expiry_date::text as expiry_date,
       b.on_hand::text as on_hand, coalesce(m.q, 0)::text as q, b.reserved::text as reserved,
       coalesce(m.r, 0)::text as r, b.in_transit::text as in_transit, coalesce(m.t, 0)::text as t
     from stock_balance b
     left join (select balance_id, sum(quantity) as q, sum(reserved_delta) as r, sum(transit_delta) as t
                from stock_movement group by balance_id) m on m.balance_id = b.id
     where b.on_hand <> coalesce(m.q, 0) or b.reserved <> coalesce(m.r, 0) or b.in_transit <> coalesce(m.t, 0)
     order by b.id`,
  )) as unknown as Record<string, string | number | null>[];
  const money = (await em.execute(
    `select b.id, b.account_id, b.balance::text as balance, coalesce(m.a, 0)::text as a,
       b.reserved::text as reserved, coalesce(m.r, 0)::text as r
     from money_balance b
     left join (select balance_id, sum(amount) as a, sum(reserved_delta) as r
                from money_movement group by balance_id) m
       on m.balance_id = b.id
     where b.balance <> coalesce(m.a, 0) or b.reserved <> coalesce(m.r, 0)
     order by b.id`,
  )) as unknown as Record<string, string | number>[];
  return {
    stock: stock.map((r) => ({
      balanceId: r.id as number,
      storageId: r.storage_id as number,
      resourceId: r.resource_id as number,
      lot: r.lot as string,
      expiryDate: r.expiry_date as string | null,
      onHand: r.on_hand as string,
      movementsOnHand: r.q as string,
      reserved: r.reserved as string,
      movementsReserved: r.r as string,
      inTransit: r.in_transit as string,
      movementsInTransit: r.t as string,
    })),
    money: money.map((r) => ({
      balanceId: r.id as number,
      accountId: r.account_id as number,
      balance: r.balance as string,
      movementsBalance: r.a as string,
      reserved: r.reserved as string,
      movementsReserved: r.r as string,
    })),
  };
}

export interface StockConservation {
  /** Net of RECEIVE and ADJUST_IN (reversals included). */
  received: string;
  /** Net of ISSUE, ISSUE_RESERVED and ADJUST_OUT, as a positive quantity. */
  issued: string;
  /** Written off on transfer receipts (TRANSFER_MISSING), as a positive quantity. */
  missing: string;
  onHand: string;
  inTransit: string;
  /** received = issued + on hand + in transit + missing. */
  balanced: boolean;
}

/** Goods are conserved: what came in is what went out, what is here, on the road, or missing. */
export async function stockConservation(
  em: EntityManager,
  filter: { resourceId?: number } = {},
): Promise<StockConservation> {
  const where = filter.resourceId === undefined ? 'true' : 'resource_id = ?::int';
  const params = filter.resourceId === undefined ? [] : [filter.resourceId, filter.resourceId];
  const [row] = (await em.execute(
    `with m as (
       select
         coalesce(sum(quantity) filter (where movement_type in ('RECEIVE', 'ADJUST_IN')), 0) as received,
         coalesce(-sum(quantity) filter (where movement_type in ('ISSUE', 'ISSUE_RESERVED', 'ADJUST_OUT')), 0) as issued,
         coalesce(-sum(transit_delta) filter (where movement_type = 'TRANSFER_MISSING'), 0) as missing
       from stock_movement where ${where}
     ),
     b as (select coalesce(sum(on_hand), 0) as on_hand, coalesce(sum(in_transit), 0) as in_transit
           from stock_balance where ${where})
     select m.received::text as received, m.issued::text as issued, m.missing::text as missing,
       b.on_hand::text as on_hand, b.in_transit::text as in_transit,
       m.received = m.issued + b.on_hand + b.in_transit + m.missing as balanced
     from m cross join b`,
    params,
  )) as unknown as {
    received: string;
    issued: string;
    missing: string;
    on_hand: string;
    in_transit: string;
    balanced: boolean;
  }[];
  return {
    received: row.received,
    issued: row.issued,
    missing: row.missing,
    onHand: row.on_hand,
    inTransit: row.in_transit,
    balanced: row.balanced,
  };
}
