import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { District, Province, Region, SubDistrict } from '../../kits/core/geography.entity';
import { Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { geographyLoaders } from './geography.loaders';
import { GeographyService, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './geography.service';
import { DistrictType, ProvinceType, RegionType, SubDistrictType } from './geography.type';

// Parents load through MikroORM's request dataloader (DataloaderType.ALL), children through
// geography.loaders.ts: a list of 50 districts asking for their sub-districts is one query, not 50.

@Resolver()
export class GeographyResolver {
  @Query(() => [ProvinceType], { description: 'All 77 provinces, in Thai dictionary order.' })
  @Public()
  provinces(@Ctx() ctx: GraphQLContext): Promise<Province[]> {
    return new GeographyService(ctx.em).provinces();
  }

  @Query(() => [DistrictType], { description: 'The districts of one province, in Thai dictionary order.' })
  @Public()
  districts(
    @Arg('provinceId', () => Int) provinceId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<District[]> {
    return new GeographyService(ctx.em).districts(provinceId);
  }

  @Query(() => [SubDistrictType], {
    description: 'The sub-districts of one district with postcodes, in Thai dictionary order.',
  })
  @Public()
  subDistricts(
    @Arg('districtId', () => Int) districtId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SubDistrict[]> {
    return new GeographyService(ctx.em).subDistricts(districtId);
  }

  @Query(() => SubDistrictType, {
    nullable: true,
    description: 'One sub-district by id (with its district and province through the fields), or null.',
  })
  @Public()
  subDistrict(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<SubDistrict | null> {
    return new GeographyService(ctx.em).subDistrict(id);
  }

  @Query(() => [SubDistrictType], {
    description: `Sub-districts whose Thai name contains the text, or whose postcode starts with it (digits). Exact and prefix name matches first; limit 1 to ${SEARCH_LIMIT_MAX}.`,
  })
  @Public()
  searchSubDistricts(
    @MaxLength(100) @Arg('text', () => String) text: string,
    @Range(1, SEARCH_LIMIT_MAX)
    @Arg('limit', () => Int, { defaultValue: SEARCH_LIMIT_DEFAULT })
    limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SubDistrict[]> {
    return new GeographyService(ctx.em).searchSubDistricts(text, limit);
  }
}

@Resolver(() => ProvinceType)
export class ProvinceFieldsResolver {
  @FieldResolver(() => RegionType)
  region(@Root() province: Province): Promise<Region> {
    return province.region.load({ dataloader: true }) as Promise<Region>;
  }

  @FieldResolver(() => [DistrictType], { description: 'In Thai dictionary order.' })
  districts(@Root() province: Province, @Ctx() ctx: GraphQLContext): Promise<District[]> {
    return geographyLoaders(ctx.em).districtsByProvince.load(province.id);
  }
}

@Resolver(() => DistrictType)
export class DistrictFieldsResolver {
  @FieldResolver(() => ProvinceType)
  province(@Root() district: District): Promise<Province> {
    return district.province.load({ dataloader: true }) as Promise<Province>;
  }

  @FieldResolver(() => [SubDistrictType], { description: 'In Thai dictionary order.' })
  subDistricts(@Root() district: District, @Ctx() ctx: GraphQLContext): Promise<SubDistrict[]> {
    return geographyLoaders(ctx.em).subDistrictsByDistrict.load(district.id);
  }
}

@Resolver(() => SubDistrictType)
export class SubDistrictFieldsResolver {
  @FieldResolver(() => DistrictType)
  district(@Root() subDistrict: SubDistrict): Promise<District> {
    return subDistrict.district.load({ dataloader: true }) as Promise<District>;
  }
}
