import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MenuEntryType } from '../menus';

export enum UserKindEnum {
  STAFF = 'STAFF',
  DONOR = 'DONOR',
}
registerEnumType(UserKindEnum, {
  name: 'UserKind',
  description: 'STAFF: back office; DONOR: internet user (UG-I01).',
});

@ObjectType('LoggedInUser', { description: 'Specification sec. 3 "Logged-in user data".' })
export class LoggedInUserType {
  @Field(() => ID) userId!: number;
  @Field(() => UserKindEnum) kind!: UserKindEnum;
  @Field(() => String) username!: string;
  @Field(() => String, { nullable: true }) titleTh!: string | null;
  @Field(() => String) firstNameTh!: string;
  @Field(() => String) lastNameTh!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) position!: string | null;
  @Field(() => Int, { nullable: true, description: '1 ministry, 2 department, 3/5 bureau, 4/6 division.' })
  officeTypeCode!: number | null;
  @Field(() => String, { description: 'The user group name.' }) userGroup!: string;
  @Field(() => String) userGroupCode!: string;
  @Field(() => String, { nullable: true }) ministry!: string | null;
  @Field(() => String, { nullable: true }) ministryCode!: string | null;
  @Field(() => String, { nullable: true }) department!: string | null;
  @Field(() => String, { nullable: true }) departmentCode!: string | null;
  @Field(() => String, { nullable: true }) bureau!: string | null;
  @Field(() => String, { nullable: true }) bureauCode!: string | null;
  @Field(() => String, { nullable: true }) division!: string | null;
  @Field(() => String, { nullable: true }) divisionCode!: string | null;
  @Field(() => String, { nullable: true }) organisationName!: string | null;
  @Field(() => String, { nullable: true, description: 'The ministry in English (null when it has none).' })
  ministryEn!: string | null;
  @Field(() => String, { nullable: true, description: 'The department in English.' }) departmentEn!:
    | string
    | null;
  @Field(() => String, { nullable: true, description: 'The bureau in English.' }) bureauEn!: string | null;
  @Field(() => String, { nullable: true, description: 'The division in English.' }) divisionEn!:
    | string
    | null;
  @Field(() => String, { nullable: true, description: 'The unit in English.' }) organisationNameEn!:
    | string
    | null;
  @Field(() => [MenuEntryType], { description: 'Allowed, active menu entries in catalogue order.' })
  menus!: MenuEntryType[];
}

@ObjectType('AuthPayload')
export class AuthPayloadType {
  @Field(() => String) token!: string;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => LoggedInUserType) user!: LoggedInUserType;
}

@ObjectType('SessionCheck')
export class SessionCheckType {
  @Field(() => String, { nullable: true, description: 'null, DUPLICATE or TRANSFERD_USER.' })
  xlock!: string | null;
  @Field(() => Date, { nullable: true, description: 'When the session reaches its absolute limit.' })
  expiresAt!: Date | null;
}

@ObjectType('DemoAccount', { description: 'Demo sign-ins (embedded database outside production only).' })
export class DemoAccountType {
  @Field(() => String) username!: string;
  @Field(() => String) password!: string;
  @Field(() => String) groupCode!: string;
  @Field(() => String) groupName!: string;
  @Field(() => UserKindEnum) kind!: UserKindEnum;
}
