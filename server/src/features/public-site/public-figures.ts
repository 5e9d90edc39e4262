import type { EntityManager } from '@mikro-orm/postgresql';
import { fiscalYearBE, fiscalYearRange } from '../../platform/dates';
import { goodsDonation } from '../donations';

// The home page's figures of one Thai fiscal year (1 October to 30 September, named by the
// Buddhist-era year it ends in), read from the ledgers (docs/ledger.md) when asked, so they are as
// live as the postings:
// - money received: donations credited to money accounts (DONATION_IN);
// - goods value received: goods donations received into storages (RECEIVE of a goods donation),
//   quantity times the unit value they came in at; goods bought or given by other state bodies
//   (provide-resource) and transfers between storages are not donations;
// - items given out: quantities issued from storages (ISSUE, ISSUE_RESERVED), in their own units;
// - donation points: active units that accept donations today.
// A reversal is posted as the original type with the opposite sign, so every sum is net of
// cancellations, in the fiscal year the reversal is posted in.

export interface PublicFigures {
  fiscalYear: number;
  from: Date;
  to: Date;
  moneyReceived: string;
  goodsValueReceived: string;
  itemsGivenOut: string;
  donationPoints: number;
}

export async function publicFigures(
  em: EntityManager,
  fiscalYear: number = fiscalYearBE(),
): Promise<PublicFigures> {
  const { start, end } = fiscalYearRange(fiscalYear);
  const [row] = await em
    .getConnection()
    .execute<{ money: string; goods: string; issued: string; points: number }[]>(
      `select
       (select coalesce(sum(amount), 0) from money_movement
         where movement_type = 'DONATION_IN' and created_at >= ? and created_at < ?)::text as money,
       (select coalesce(round(sum(quantity * unit_value), 2), 0) from stock_movement
         where movement_type = 'RECEIVE' and document_type = ? and created_at >= ? and created_at < ?)::text as goods,
       (select coalesce(-sum(quantity), 0) from stock_movement
         where movement_type in ('ISSUE', 'ISSUE_RESERVED') and created_at >= ? and created_at < ?)::text as issued,
       (select count(*) from organisation_unit where active and accepts_donations)::int as points`,
      [start, end, goodsDonation.type, start, end, start, end],
    );
  return {
    fiscalYear,
    from: start,
    to: end,
    moneyReceived: row.money,
    goodsValueReceived: row.goods,
    itemsGivenOut: row.issued,
    donationPoints: row.points,
  };
}
