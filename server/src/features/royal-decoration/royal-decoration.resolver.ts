import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { donator } from '../reference/types/donator.reference';
import { decorationClasses, setDecorationClassValue } from './decoration-classes';
import { eligibleDonors } from './eligible-donors';
import { EligibleDonorsType, RoyalDecorationClassType } from './royal-decoration.type';

/** add / edit / cancel / view-royal-decoration (MN-107..MN-110). */
export const ROYAL_DECORATION_MENUS = ['MN-107', 'MN-108', 'MN-109', 'MN-110'];
const EDIT = 'MN-108';

@Resolver()
export class RoyalDecorationResolver {
  @Query(() => [RoyalDecorationClassType], {
    description: 'The classes of the Order of Direkgunabhorn, lowest first, with the value each asks for.',
  })
  @Menu(...ROYAL_DECORATION_MENUS)
  async royalDecorationClasses(@Ctx() ctx: GraphQLContext): Promise<RoyalDecorationClassType[]> {
    return decorationClasses(ctx.em);
  }

  @Mutation(() => RoyalDecorationClassType, {
    description:
      'edit-royal-decoration: sets the cumulative donation value (baht) a class asks for; it must stay above the class below and below the class above.',
  })
  @Menu(EDIT)
  async setRoyalDecorationClassValue(
    @MaxLength(20) @Arg('code', () => String) code: string,
    @MaxLength(20) @Arg('minValue', () => String) minValue: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RoyalDecorationClassType> {
    return setDecorationClassValue(ctx.em, requirePrincipal(ctx.auth), code, minValue, {
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
  }

  @Query(() => EligibleDonorsType, {
    description:
      'Donors whose approved donations in the caller’s data scope, dated up to the end of the fiscal year (B.E.; default the current one) and not yet counted in a live proposal, reach the lowest class; with those donations (report 4.5).',
  })
  @Menu(...ROYAL_DECORATION_MENUS)
  async royalDecorationEligibleDonors(
    @Range(2540, 2800) @Arg('fiscalYear', () => Int, { nullable: true }) fiscalYear: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EligibleDonorsType> {
    const principal = requirePrincipal(ctx.auth);
    const result = await eligibleDonors(ctx.em, principal, fiscalYear);
    notePersonalDataRead(
      principal,
      donator.type,
      result.donors.map((d) => d.donorId),
      'royal decoration eligible donors',
    );
    return result;
  }
}
