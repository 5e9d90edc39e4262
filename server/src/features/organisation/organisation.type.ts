import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';
import { RegionType } from '../geography';

@Identity('id')
@ObjectType('OrganisationUnit', {
  description:
    'A node of the organisation tree: ministry (office type 1) > department (2) > bureau (3 central, ' +
    '5 provincial office) > division (4 central, 6 provincial unit).',
})
export class OrganisationUnitType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  nameTh!: string;

  @Field(() => String)
  nameEn!: string;

  @Field(() => Int, { description: '1 ministry, 2 department, 3/5 bureau, 4/6 division.' })
  officeType!: number;

  @Field(() => String, { nullable: true, description: 'House number, building and road.' })
  addressLine!: string | null;

  @Field(() => Float, { nullable: true })
  latitude!: number | null;

  @Field(() => Float, { nullable: true })
  longitude!: number | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true })
  openingHours!: string | null;

  @Field(() => Boolean, { description: 'A donation point: the public may bring donations here.' })
  acceptsDonations!: boolean;

  @Field(() => Boolean)
  active!: boolean;
}

@ObjectType('RegionDonationPoints')
export class RegionDonationPointsType {
  @Field(() => RegionType)
  region!: RegionType;

  @Field(() => Int)
  count!: number;
}
