import { goodsDonation } from '../donations';
import { moneyDonation } from '../money-donations';

// How a donation is valued, for the donation history and the features that count donations (royal
// decoration proposals, thanks letters). No GraphQL types here, so a document declaration can use it.

/** Goods statuses whose lines carry the screening's accepted quantities. */
export const SCREENED_GOODS_STATUSES = ['SCREENED', 'APPROVED_1', 'APPROVED_2'] as const;

const screened = SCREENED_GOODS_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * `cross join lateral (…) <as>` giving `<as>.goods_value`: the value of the goods donation `g` (the
 * accepted quantities once screened, else the quantities donated; rounded per donation, so the rows
 * a person sees add up to the totals). The donor's own history reads values the same way.
 */
export const goodsValueLateral = (g: string, as: string) => `cross join lateral (
      select round(coalesce(sum(
               case when ${g}.status in (${screened}) then coalesce(l.accepted_quantity, 0) else l.quantity end
               * l.unit_value), 0), 2) as goods_value
        from doc_goods_donation_line l where l.document_id = ${g}.id
    ) ${as}`;

/**
 * A scalar subquery: the value of the goods donation `g`, by the same rule as `goodsValueLateral`
 * (for reports and other queries that need it as a column).
 */
export const goodsValueOf = (g: string) => `(select round(coalesce(sum(
      case when ${g}.status in (${screened}) then coalesce(l.accepted_quantity, 0) else l.quantity end
      * l.unit_value), 0), 2)
    from doc_goods_donation_line l where l.document_id = ${g}.id)`;

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
