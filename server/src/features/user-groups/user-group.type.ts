import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('UserGroup')
export class UserGroupType {
  @Field(() => String) code!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'A active, I inactive.' }) statusCode!: string;
  @Field(() => String, { nullable: true }) remark!: string | null;
  @Field(() => Boolean) fixed!: boolean;
}

@ObjectType('UserGroupPage')
export class UserGroupPageType {
  @Field(() => [UserGroupType]) items!: UserGroupType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
}

@InputType('SaveUserGroupInput')
export class SaveUserGroupInputType {
  @Field(() => String) code!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) remark?: string | null;
  @Field(() => [String]) menuCodes!: string[];
  @Field(() => String, { nullable: true }) transactionCode?: string | null;
}
