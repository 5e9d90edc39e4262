import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';

/** What every level of the geography has: the dataset's id and the Thai and English names. */
// Not itself in the schema: type-graphql emits only the object types the schema reaches.
@ObjectType()
abstract class NamedPlace {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  nameTh!: string;

  @Field(() => String)
  nameEn!: string;
}

@Identity('id')
@ObjectType('Region', { description: 'A region of Thailand (ภาค).' })
export class RegionType extends NamedPlace {}

@Identity('id')
@ObjectType('Province', { description: 'A province (จังหวัด) of Thailand.' })
export class ProvinceType extends NamedPlace {
  @Field(() => Float, {
    nullable: true,
    description: 'Latitude of the province centre: the mean of its sub-districts’ centroids.',
  })
  latitude!: number | null;

  @Field(() => Float, { nullable: true, description: 'Longitude of the province centre.' })
  longitude!: number | null;
}

@Identity('id')
@ObjectType('District', { description: 'A district (อำเภอ/เขต) of a province.' })
export class DistrictType extends NamedPlace {}

@Identity('id')
@ObjectType('SubDistrict', { description: 'A sub-district (ตำบล/แขวง) of a district, with its postcode.' })
export class SubDistrictType extends NamedPlace {
  @Field(() => String, { description: 'Five-digit postcode (รหัสไปรษณีย์).' })
  postcode!: string;

  @Field(() => Float, { nullable: true })
  latitude!: number | null;

  @Field(() => Float, { nullable: true })
  longitude!: number | null;
}
