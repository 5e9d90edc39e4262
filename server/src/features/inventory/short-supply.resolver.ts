import { Arg, Ctx, Field, Float, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { Range } from '../../platform/graphql/input-limits';
import { type MostNeededItem, mostNeeded, type ShortSupplyProvince, shortSupply } from './short-supply';

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
  @Field(() => String, { nullable: true }) subDistrictNameTh!: string | null;
  @Field(() => String, { nullable: true }) subDistrictNameEn!: string | null;
  @Field(() => String, { nullable: true }) districtNameTh!: string | null;
  @Field(() => String, { nullable: true }) districtNameEn!: string | null;
  @Field(() => String, { nullable: true }) postcode!: string | null;
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

@ObjectType('MostNeededItem', { description: 'A resource short in one or more provinces.' })
class MostNeededItemType {
  @Field(() => String) resourceCode!: string;
  @Field(() => String) resourceNameTh!: string;
  @Field(() => String, { nullable: true }) resourceNameEn!: string | null;
  @Field(() => String, { nullable: true }) countingUnitTh!: string | null;
  @Field(() => String, { nullable: true }) countingUnitEn!: string | null;
  @Field(() => String, {
    description: 'How many more bring every province short of it to its minimum levels.',
  })
  needed!: string;
  @Field(() => Int, { description: 'How many provinces are short of it.' })
  provinces!: number;
  @Field(() => Float, { description: 'The part of those provinces’ minimum levels that is missing, 0 to 1.' })
  shortfall!: number;
}

export const MOST_NEEDED_DEFAULT = 5;
export const MOST_NEEDED_MAX = 20;

@Resolver()
export class ShortSupplyResolver {
  @Query(() => [MostNeededItemType], {
    description:
      'The resources most needed across the country (public): the largest part of the minimum levels ' +
      'missing first, then the most provinces short of them.',
  })
  @Public()
  mostNeededItems(
    @Range(1, MOST_NEEDED_MAX)
    @Arg('limit', () => Int, { defaultValue: MOST_NEEDED_DEFAULT })
    limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MostNeededItem[]> {
    return mostNeeded(ctx.em, limit);
  }

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
