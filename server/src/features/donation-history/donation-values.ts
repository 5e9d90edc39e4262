import { goodsDonation } from '../donations';
import { moneyDonation } from '../money-donations';

// How a donation is valued, for the donation history and the features that count donations (royal
// decoration proposals, thanks letters). No GraphQL types here, so a document declaration can use it.

/** Goods statuses whose lines carry the screening's accepted quantities. */
export const SCREENED_GOODS_STATUSES = ['SCREENED', 'APPROVED_1', 'APPROVED_2'] as const;

/**
 * `cross join lateral (…) <as>` giving `<as>.goods_value`: the value of the goods donation `g` (the
 * accepted quantities once screened, else the quantities donated; rounded per donation, so the rows
 * a person sees add up to the totals). PostgreSQL keeps it on the header, in the transaction that
 * changes a line or the status (migration 20261129083000, docs/donations.md "The value of a goods
 * donation"): every reader takes that one stored value, none sums the lines again.
 */
export const goodsValueLateral = (g: string, as: string) =>
  `cross join lateral (select ${g}.goods_value as goods_value) ${as}`;

/** The value of the goods donation `g` as a column (the stored value, as `goodsValueLateral`). */
export const goodsValueOf = (g: string) => `${g}.goods_value`;

/**
 * One row per approved donation, valued as the history values it: money approved (its amount) and
 * goods approved at level 2 (the accepted quantities at their unit values). Columns: kind,
 * document_type, id, number, donated_on, donor_id, unit_id, objective, value.
 */
export const approvedDonationsSql = `(
  select 'GOODS' as kind, '${goodsDonation.type}' as document_type, g.id, g.number, g.donation_date as donated_on,
         g.donator_id as donor_id, g.owner_unit_id as unit_id, g.objective, v.goods_value as value
    from doc_goods_donation g
    ${goodsValueLateral('g', 'v')}
   where g.status = 'APPROVED_2'
  union all
  select 'MONEY', '${moneyDonation.type}', m.id, m.number, m.donated_on, m.donor_id, m.owner_unit_id, m.objective,
         m.amount
    from doc_money_donation m
   where m.status = 'APPROVED'
)`;
