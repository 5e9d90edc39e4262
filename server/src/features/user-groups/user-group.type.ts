import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { MaxLength } from '../../platform/graphql/input-limits';

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
  @MaxLength(20) @Field(() => String) code!: string;
  @Field(() => String) name!: string;
  @MaxLength(500) @Field(() => String, { nullable: true }) remark?: string | null;
  @MaxLength(6) @Field(() => [String]) menuCodes!: string[];
  @MaxLength(64) @Field(() => String, { nullable: true }) transactionCode?: string | null;
}
