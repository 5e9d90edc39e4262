import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE } from '../../platform/dates';
import { Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { Range } from '../../platform/graphql/input-limits';
import { type PublicFigures, publicFigures } from './public-figures';

@ObjectType('PublicFigures', { description: 'What the ministry received and gave out in one fiscal year.' })
class PublicFiguresType {
  @Field(() => Int, { description: 'The Buddhist-era fiscal year (1 October to 30 September).' })
  fiscalYear!: number;

  @Field(() => Date, { description: 'The first instant of the fiscal year.' })
  from!: Date;

  @Field(() => Date, { description: 'The first instant of the next fiscal year.' })
  to!: Date;

  @Field(() => String, { description: 'Money donations credited to the ministry’s accounts, in baht.' })
  moneyReceived!: string;

  @Field(() => String, { description: 'Value of the donated goods received into storages, in baht.' })
  goodsValueReceived!: string;

  @Field(() => String, { description: 'Quantity of goods issued from storages, in their own units.' })
  itemsGivenOut!: string;

  @Field(() => Int, { description: 'Active units that accept donations.' })
  donationPoints!: number;
}

@Resolver()
export class PublicFiguresResolver {
  @Query(() => PublicFiguresType, {
    description:
      'Live figures of a fiscal year from the ledgers (public; the current fiscal year when none is given).',
  })
  @Public()
  publicFigures(
    @Range(FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE)
    @Arg('fiscalYear', () => Int, { nullable: true })
    fiscalYear: number | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PublicFigures> {
    return publicFigures(ctx.em, fiscalYear ?? undefined);
  }
}
