import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('Region', { description: 'A region of Thailand (ภาค).' })
export class RegionType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  nameTh!: string;

  @Field(() => String)
  nameEn!: string;
}

@ObjectType('Province', { description: 'A province (จังหวัด) of Thailand.' })
export class ProvinceType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  nameTh!: string;

  @Field(() => String)
  nameEn!: string;
}

@ObjectType('District', { description: 'A district (อำเภอ/เขต) of a province.' })
export class DistrictType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  nameTh!: string;

  @Field(() => String)
  nameEn!: string;
}

@ObjectType('SubDistrict', { description: 'A sub-district (ตำบล/แขวง) of a district, with its postcode.' })
export class SubDistrictType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  nameTh!: string;

  @Field(() => String)
  nameEn!: string;

  @Field(() => String, { description: 'Five-digit postcode (รหัสไปรษณีย์).' })
  postcode!: string;

  @Field(() => Float, { nullable: true })
  latitude!: number | null;

  @Field(() => Float, { nullable: true })
  longitude!: number | null;
}
