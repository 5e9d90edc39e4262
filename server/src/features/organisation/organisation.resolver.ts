import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { Province, SubDistrict } from '../../kits/core/geography.entity';
import type { OrganisationUnit } from '../../kits/core/organisation.entity';
import { Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength } from '../../platform/graphql/input-limits';
import { ProvinceType, SubDistrictType } from '../geography';
import { OrganisationService } from './organisation.service';
import { OrganisationUnitType, RegionDonationPointsType } from './organisation.type';

@Resolver(() => OrganisationUnitType)
export class OrganisationResolver {
  @Query(() => [OrganisationUnitType], { description: 'The organisation tree, roots first (the ministry).' })
  @Public()
  organisationTree(@Ctx() ctx: GraphQLContext): Promise<OrganisationUnit[]> {
    return new OrganisationService(ctx.em).roots();
  }

  @Query(() => OrganisationUnitType, { nullable: true, description: 'One organisation unit by its code.' })
  @Public()
  organisationUnit(
    @MaxLength(32) @Arg('code', () => String) code: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<OrganisationUnit | null> {
    return new OrganisationService(ctx.em).byCode(code);
  }

  @Query(() => [RegionDonationPointsType], {
    description: 'Donation points (organisation units that accept donations) counted by region.',
  })
  @Public()
  donationPointsByRegion(@Ctx() ctx: GraphQLContext) {
    return new OrganisationService(ctx.em).donationPointsByRegion();
  }

  @Query(() => [OrganisationUnitType], {
    description:
      'Donation points: active units that accept donations, by code, with address, phone, opening hours ' +
      'and position. The near-me page orders them by distance in the browser, so a visitor’s location ' +
      'never leaves their device.',
  })
  @Public()
  donationPoints(@Ctx() ctx: GraphQLContext): Promise<OrganisationUnit[]> {
    return new OrganisationService(ctx.em).donationPoints();
  }

  @FieldResolver(() => [OrganisationUnitType], { description: 'Active child units, by code.' })
  children(@Root() unit: OrganisationUnit, @Ctx() ctx: GraphQLContext): Promise<OrganisationUnit[]> {
    return new OrganisationService(ctx.em).children(unit);
  }

  @FieldResolver(() => OrganisationUnitType, { nullable: true })
  async parent(@Root() unit: OrganisationUnit): Promise<OrganisationUnit | null> {
    return unit.parent ? unit.parent.load({ dataloader: true }) : null;
  }

  @FieldResolver(() => ProvinceType, { nullable: true })
  async province(@Root() unit: OrganisationUnit): Promise<Province | null> {
    return unit.province ? unit.province.load({ dataloader: true }) : null;
  }

  @FieldResolver(() => SubDistrictType, {
    nullable: true,
    description: 'The unit’s sub-district (ตำบล/แขวง), with its district and province through the fields.',
  })
  async subDistrict(@Root() unit: OrganisationUnit): Promise<SubDistrict | null> {
    return unit.subDistrict ? unit.subDistrict.load({ dataloader: true }) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Postcode of the unit’s sub-district.' })
  async postcode(@Root() unit: OrganisationUnit): Promise<string | null> {
    const sub = unit.subDistrict ? await unit.subDistrict.load({ dataloader: true }) : null;
    return sub?.postcode ?? null;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description: 'Sub-district (ตำบล/แขวง) id of the geography data.',
  })
  subDistrictId(@Root() unit: OrganisationUnit): number | null {
    return unit.subDistrict?.id ?? null;
  }
}
