import { Field, ObjectType } from 'type-graphql';

@ObjectType('MenuEntry', { description: 'An entry of the menu catalogue MN-001..MN-148.' })
export class MenuEntryType {
  @Field(() => String) code!: string;
  @Field(() => String) key!: string;
  @Field(() => String) action!: string;
  @Field(() => String) section!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String) nameEn!: string;
  @Field(() => String, { nullable: true }) route!: string | null;
  @Field(() => Boolean) external!: boolean;
  @Field(() => String) statusCode!: string;
}
