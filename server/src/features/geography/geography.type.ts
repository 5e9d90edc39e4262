import { Field, Int, ObjectType } from 'type-graphql';

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
