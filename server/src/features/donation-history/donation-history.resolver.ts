import type { MenuCode } from '@namjai/common/menu-catalogue';
import { Args, ArgsType, Ctx, Field, Int, Query, Resolver } from 'type-graphql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { PageArgs } from '../../platform/graphql/page-cursors';
import { donationHistory } from './donation-history.queries';
import { donationHistoryTotals } from './donation-history.totals';
import { DonationHistoryPageType, DonationHistoryTotalsType, DonationKind } from './donation-history.type';

/** view-donation-history-MSDHS: the ministry's donation history screen. */
export const DONATION_HISTORY_MENU: MenuCode = 'MN-058';

/** The filters of the donation history, the same for its pages and its totals. */
@ArgsType()
class DonationHistoryFilterArgs {
  @MaxLength(10) @Field(() => String, { nullable: true }) from!: string | null;
  @MaxLength(10) @Field(() => String, { nullable: true }) to!: string | null;
  @MaxLength(32) @Field(() => String, { nullable: true }) unitCode!: string | null;
  @Range(1, 2_147_483_647) @Field(() => Int, { nullable: true }) donatorId!: number | null;
  @MaxLength(100) @Field(() => String, { nullable: true }) donor!: string | null;
  @Field(() => DonationKind, { nullable: true }) kind!: DonationKind | null;
  @MaxLength(30) @Field(() => String, { nullable: true }) objective!: string | null;
  @MaxLength(30) @Field(() => String, { nullable: true }) status!: string | null;
}

const filtersText =
  'from/to: donation dates yyyy-mm-dd, inclusive; unitCode: that unit’s subtree (within the caller’s scope, else 403); donor: text in the donor’s code, name or citizen/tax id; objective: an objective/event code with its sub-events.';

@Resolver()
export class DonationHistoryResolver {
  @Query(() => DonationHistoryPageType, {
    description: `Goods and money donations in the caller’s data scope, newest first; the totals are donationHistoryTotals. ${filtersText}`,
  })
  @Menu(DONATION_HISTORY_MENU)
  async donationHistory(
    @Args(() => DonationHistoryFilterArgs) filter: DonationHistoryFilterArgs,
    @Args(() => PageArgs) paging: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DonationHistoryPageType> {
    const principal = requirePrincipal(ctx.auth);
    const origin = { ip: ctx.ip, requestId: ctx.requestId };
    const page = await donationHistory(ctx.em, principal, { ...filter, ...paging }, origin);
    return { ...page, rows: paging.rows };
  }

  @Query(() => DonationHistoryTotalsType, {
    description: `The totals of every donation donationHistory selects with the same filters (not only a page); one statement, to ask once per filter set. ${filtersText}`,
  })
  @Menu(DONATION_HISTORY_MENU)
  async donationHistoryTotals(
    @Args(() => DonationHistoryFilterArgs) filter: DonationHistoryFilterArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DonationHistoryTotalsType> {
    const origin = { ip: ctx.ip, requestId: ctx.requestId };
    return donationHistoryTotals(ctx.em, requirePrincipal(ctx.auth), { ...filter }, origin);
  }
}
