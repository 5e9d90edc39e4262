import type { MenuCode } from '@namjai/common/menu-catalogue';
import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { cursorArgs } from '../../platform/graphql/page-cursors';
import { donationHistory } from './donation-history.queries';
import { DonationHistoryPageType, DonationKind } from './donation-history.type';

/** view-donation-history-MSDHS: the ministry's donation history screen. */
export const DONATION_HISTORY_MENU: MenuCode = 'MN-058';

@Resolver()
export class DonationHistoryResolver {
  @Query(() => DonationHistoryPageType, {
    description:
      'Goods and money donations in the caller’s data scope, newest first, with totals over everything the filters select. from/to: donation dates yyyy-mm-dd, inclusive; unitCode: that unit’s subtree (within the caller’s scope, else 403); donor: text in the donor’s code, name or citizen/tax id; objective: an objective/event code with its sub-events.',
  })
  @Menu(DONATION_HISTORY_MENU)
  async donationHistory(
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @MaxLength(32) @Arg('unitCode', () => String, { nullable: true }) unitCode: string | null,
    @Range(1, 2_147_483_647) @Arg('donatorId', () => Int, { nullable: true }) donatorId: number | null,
    @MaxLength(100) @Arg('donor', () => String, { nullable: true }) donor: string | null,
    @Arg('kind', () => DonationKind, { nullable: true }) kind: DonationKind | null,
    @MaxLength(30) @Arg('objective', () => String, { nullable: true }) objective: string | null,
    @MaxLength(30) @Arg('status', () => String, { nullable: true }) status: string | null,
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @MaxLength(40) @Arg('sort', () => String, { nullable: true }) sort: string | null,
    @MaxLength(4) @Arg('direction', () => String, { nullable: true }) direction: string | null,
    @Range(1, LIST_ROWS_MAX)
    @Arg('first', () => Int, { nullable: true, description: cursorArgs.first })
    first: number | null,
    @MaxLength(600) @Arg('after', () => String, { nullable: true, description: cursorArgs.after }) after:
      | string
      | null,
    @Range(1, LIST_ROWS_MAX)
    @Arg('last', () => Int, { nullable: true, description: cursorArgs.last })
    last: number | null,
    @MaxLength(600) @Arg('before', () => String, { nullable: true, description: cursorArgs.before }) before:
      | string
      | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DonationHistoryPageType> {
    const page = await donationHistory(
      ctx.em,
      requirePrincipal(ctx.auth),
      {
        from,
        to,
        unitCode,
        donatorId,
        donor,
        kind,
        objective,
        status,
        currentPage,
        rows,
        sort,
        direction,
        first,
        after,
        last,
        before,
      },
      { ip: ctx.ip, requestId: ctx.requestId },
    );
    return { ...page, rows };
  }
}
