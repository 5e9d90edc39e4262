import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DocumentStatusType, DocumentTransitionType } from '../../kits/workflow/workflow.type';
import { Identity } from '../../platform/graphql/identity';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { UserKindEnum } from '../identity';

@Identity('id')
@ObjectType('TransferRequest', {
  description: 'A user’s request to move to another unit (workflow USER_TRANSFER: P, A, R, C).',
})
export class TransferRequestType {
  @Field(() => ID) id!: number;
  @Field(() => String, { description: 'P pending, A approved, R rejected, C cancelled by its maker.' })
  statusCode!: string;
  @Field(() => String, { nullable: true, description: 'The requester’s reason.' }) reason!: string | null;
  @Field(() => Date) requestedAt!: Date;
}

@ObjectType('UserRequestWorkflow', {
  description: 'The statuses and actions of a request that is not a document (registration, transfer).',
})
export class UserRequestWorkflowType {
  @Field(() => String, { description: 'USER_REGISTRATION or USER_TRANSFER.' }) name!: string;
  @Field(() => [DocumentStatusType]) statuses!: DocumentStatusType[];
  @Field(() => [DocumentTransitionType]) transitions!: DocumentTransitionType[];
}

@Identity('id')
@ObjectType('User', { description: 'A staff user as administrators see it.' })
export class UserType {
  @Field(() => ID) id!: number;
  @Field(() => UserKindEnum) kind!: UserKindEnum;
  @Field(() => String) username!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) titleTh!: string | null;
  @Field(() => String) firstNameTh!: string;
  @Field(() => String) lastNameTh!: string;
  @Field(() => String, { nullable: true }) firstNameEn!: string | null;
  @Field(() => String, { nullable: true }) lastNameEn!: string | null;
  @Field(() => String, { nullable: true }) citizenId!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) position!: string | null;
  @Field(() => String, { description: 'N registered, A active, I inactive, L locked.' })
  userStatusCode!: string;
  @Field(() => String, { description: 'P pending, A approved, R rejected.' }) requestStatusCode!: string;
  @Field(() => String, { nullable: true }) rejectReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastLoginAt!: Date | null;
}

@ObjectType('UserPage')
export class UserPageType {
  @Field(() => [UserType]) items!: UserType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
}

@InputType('UserSearchFilter', {
  description: 'Specification sec. 3 "User search filter"; dates dd/mm/yyyy (BE).',
})
export class UserSearchFilterInput {
  @Range(1) @Field(() => Int, { defaultValue: 1 }) currentPage!: number;
  @Range(1, LIST_ROWS_MAX) @Field(() => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows!: number;
  @Range(1, 6) @Field(() => Int, { nullable: true }) office_type_code?: number | null;
  @MaxLength(32) @Field(() => String, { nullable: true }) ministry_code?: string | null;
  @MaxLength(32) @Field(() => String, { nullable: true }) department_code?: string | null;
  @MaxLength(32) @Field(() => String, { nullable: true }) bureau_code?: string | null;
  @MaxLength(32) @Field(() => String, { nullable: true }) division_code?: string | null;
  @MaxLength(13) @Field(() => String, { nullable: true }) idc?: string | null;
  @MaxLength(100) @Field(() => String, { nullable: true }) firstname_th?: string | null;
  @MaxLength(100) @Field(() => String, { nullable: true }) lastname_th?: string | null;
  @MaxLength(10) @Field(() => String, { nullable: true }) from_dt?: string | null;
  @MaxLength(10) @Field(() => String, { nullable: true }) to_dt?: string | null;
  @MaxLength(1) @Field(() => String, { nullable: true }) user_status_code?: string | null;
  @MaxLength(1) @Field(() => String, { nullable: true }) request_status_code?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Only users with a pending transfer request.' })
  pending_transfer?: boolean | null;
  @MaxLength(40) @Field(() => String, { nullable: true }) sort?: string | null;
  @MaxLength(10) @Field(() => String, { nullable: true }) direction?: string | null;
}

@InputType('RegisterInput')
export class RegisterInputType {
  @MaxLength(100) @Field(() => String) username!: string;
  @Field(() => String) email!: string;
  @MaxLength(200) @Field(() => String) password!: string;
  @MaxLength(50) @Field(() => String, { nullable: true }) titleTh?: string | null;
  @MaxLength(100) @Field(() => String) firstNameTh!: string;
  @MaxLength(100) @Field(() => String) lastNameTh!: string;
  @MaxLength(13) @Field(() => String) citizenId!: string;
  @MaxLength(50) @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) position?: string | null;
  @MaxLength(32) @Field(() => String) organisationUnitCode!: string;
}

@InputType('DonorRegisterInput')
export class DonorRegisterInputType {
  @MaxLength(100) @Field(() => String) email!: string;
  @MaxLength(200) @Field(() => String) password!: string;
  @MaxLength(100) @Field(() => String) firstNameTh!: string;
  @MaxLength(100) @Field(() => String) lastNameTh!: string;
  @MaxLength(13) @Field(() => String, { nullable: true }) citizenId?: string | null;
  @MaxLength(50) @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => Boolean, { description: 'Consent to the personal data protection policy; must be true.' })
  pdpaConsent!: boolean;
}

@InputType('ApproveUserInput')
export class ApproveUserInputType {
  @Field(() => ID) userId!: string;
  @MaxLength(1) @Field(() => String) user_status_code!: string;
  @MaxLength(1) @Field(() => String) request_status_code!: string;
  @MaxLength(64) @Field(() => String, { nullable: true }) transactionCode?: string | null;
  @MaxLength(500) @Field(() => String, { nullable: true }) rejectReason?: string | null;
}

@InputType('EditOwnProfileInput')
export class EditOwnProfileInputType {
  @MaxLength(50) @Field(() => String, { nullable: true }) titleTh?: string | null;
  @MaxLength(100) @Field(() => String) firstNameTh!: string;
  @MaxLength(100) @Field(() => String) lastNameTh!: string;
  @Field(() => String) email!: string;
  @MaxLength(50) @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) position?: string | null;
}

@InputType('AdminEditUserInput')
export class AdminEditUserInputType extends EditOwnProfileInputType {
  @Field(() => ID) userId!: string;
  @MaxLength(13) @Field(() => String, { nullable: true }) citizenId?: string | null;
  @MaxLength(20) @Field(() => String) userGroupCode!: string;
  @MaxLength(32) @Field(() => String, { nullable: true }) organisationUnitCode?: string | null;
}
