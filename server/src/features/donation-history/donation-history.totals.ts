import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import {
  type DonationHistoryFilter,
  donationHistoryWhere,
  donationsSql,
  type RequestOrigin,
} from './donation-history.queries';
import type { DonationHistoryTotalsType } from './donation-history.type';

// The totals of the donation history (docs/donations.md "Donation history"): over every donation the
// filters select, not only a page, so their own query, which the screen asks for once per filter
// set (a page does not compute them). One statement over the same rows and conditions as the list,
// without the receipts; each goods donation's value is the one stored on its header, so no goods line
// is read (docs/donations.md "The totals").

const money = (filter: string, column: string) =>
  `coalesce(sum(${column}) filter (where ${filter}), 0)::numeric(20, 2)::text`;

type Sums = Record<keyof DonationHistoryTotalsType, string | number>;

/** The totals of everything the filters select in the caller's scope (filters checked as the list's). */
export async function donationHistoryTotals(
  em: EntityManager,
  principal: Principal,
  filter: DonationHistoryFilter,
  origin: RequestOrigin,
): Promise<DonationHistoryTotalsType> {
  const { where, params } = await donationHistoryWhere(em, principal, filter, origin);
  const [sums] = (await em.execute(
    `select count(*)::int as "count",
            (count(*) filter (where h.kind = 'GOODS'))::int as "goodsCount",
            (count(*) filter (where h.kind = 'MONEY'))::int as "moneyCount",
            (count(*) filter (where h.status = 'CANCELLED'))::int as "cancelledCount",
            ${money(`h.status <> 'CANCELLED'`, 'h.amount')} as "moneyTotal",
            ${money(`h.status = 'APPROVED'`, 'h.amount')} as "moneyApprovedTotal",
            ${money(`h.status <> 'CANCELLED'`, 'h.goods_value')} as "goodsValueTotal",
            ${money(`h.status = 'APPROVED_2'`, 'h.goods_value')} as "goodsApprovedTotal"
       from ${donationsSql({ values: true, receipt: false })}
      where ${where}`,
    params,
  )) as unknown as Sums[];
  return sums as DonationHistoryTotalsType;
}
