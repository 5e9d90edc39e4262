import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { Range } from '../../platform/graphql/input-limits';
import { type ShortSupplyProvince, shortSupply } from './short-supply';

@ObjectType('ShortSupplyItem')
class ShortSupplyItemType {
  @Field(() => String) resourceCode!: string;
  @Field(() => String) resourceNameTh!: string;
  @Field(() => String, { nullable: true }) resourceNameEn!: string | null;
  @Field(() => String) categoryTh!: string;
  @Field(() => String, { nullable: true }) categoryEn!: string | null;
  @Field(() => String, { nullable: true }) countingUnitTh!: string | null;
  @Field(() => String, { nullable: true }) countingUnitEn!: string | null;
  @Field(() => String, { description: 'How many more bring the province to its minimum levels.' })
  needed!: string;
}

@ObjectType('DonationPoint')
class DonationPointType {
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String) nameEn!: string;
  @Field(() => String, { nullable: true }) addressLine!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) openingHours!: string | null;
}

@ObjectType('ShortSupplyProvince')
class ShortSupplyProvinceType {
  @Field(() => Int) provinceId!: number;
  @Field(() => String) provinceNameTh!: string;
  @Field(() => String) provinceNameEn!: string;
  @Field(() => [ShortSupplyItemType]) items!: ShortSupplyItemType[];
  @Field(() => [DonationPointType]) donationPoints!: DonationPointType[];
}

@Resolver()
export class ShortSupplyResolver {
  @Query(() => [ShortSupplyProvinceType], {
    description:
      'Resources below their minimum levels, by province, with the donation points there (public).',
  })
  @Public()
  shortSupply(
    @Range(1, 2_147_483_647) @Arg('provinceId', () => Int, { nullable: true }) provinceId: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ShortSupplyProvince[]> {
    return shortSupply(ctx.em, provinceId);
  }
}
