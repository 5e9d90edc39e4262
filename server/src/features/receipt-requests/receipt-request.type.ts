import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DocumentTypeName } from '../../kits/documents/document.type';
import { DocumentStatusType, DocumentTransitionType } from '../../kits/workflow/workflow.type';
import { Identity } from '../../platform/graphql/identity';
import { MaxLength } from '../../platform/graphql/input-limits';

// Receipt requests as clients read them: the public status, the back office's queue and details,
// and the donations staff may link. Explicit output types; money is decimal text with 2 places.

export enum ReceiptRequestKindEnum {
  GOODS = 'GOODS',
  MONEY = 'MONEY',
}
registerEnumType(ReceiptRequestKindEnum, {
  name: 'ReceiptRequestKind',
  description: 'GOODS: an evidence of receipt for donated goods; MONEY: a receipt for donated money.',
});

@ObjectType('ReceiptRequestWorkflow', {
  description: 'The statuses and actions of a receipt request (workflow RECEIPT_REQUEST), with their labels.',
})
export class ReceiptRequestWorkflowType {
  @Field(() => [DocumentStatusType]) statuses!: DocumentStatusType[];
  @Field(() => [DocumentTransitionType]) transitions!: DocumentTransitionType[];
}

@ObjectType('ReceiptRequestStatus', {
  description: 'What the public status page shows: no personal data, the reason only when rejected.',
})
export class ReceiptRequestStatusType {
  @Field(() => String) number!: string;
  @Field(() => ReceiptRequestKindEnum) kind!: ReceiptRequestKindEnum;
  @Field(() => String, { description: 'REQUESTED, IN_PROGRESS, ISSUED or REJECTED.' }) status!: string;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String) unitNameEn!: string;
  @Field(() => Date) submittedAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => String, { nullable: true }) rejectReason!: string | null;
}

@Identity('id')
@ObjectType('ReceivingUnitOption', {
  description: 'A unit a visitor may name as the receiver of a donation.',
})
export class ReceivingUnitOptionType {
  @Field(() => Int) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String) nameEn!: string;
  @Field(() => Int, { nullable: true }) provinceId!: number | null;
  @Field(() => String, { nullable: true, description: 'Null for central offices with no province.' })
  provinceNameTh!: string | null;
  @Field(() => String, { nullable: true }) provinceNameEn!: string | null;
}

@ObjectType('ReceiptRequestItem')
export class ReceiptRequestItemType {
  @Field(() => String) description!: string;
  @Field(() => String, { description: 'Decimal text, up to 3 decimals.' }) quantity!: string;
  @Field(() => String, { nullable: true }) unit!: string | null;
}

@Identity('documentType', 'id')
@ObjectType('ReceiptRequestDonation', {
  description:
    'A donation a request is (or may be) linked to: a goods or money donation in the caller’s scope.',
})
export class ReceiptRequestDonationType {
  @Field(() => DocumentTypeName) documentType!: string;
  @Field(() => Int) id!: number;
  @Field(() => String) number!: string;
  @Field(() => String) status!: string;
  @Field(() => String, { description: 'yyyy-mm-dd.' }) donatedOn!: string;
  @Field(() => String, { nullable: true }) amount!: string | null;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String) unitNameEn!: string;
  @Field(() => String) donorName!: string;
  @Field(() => String, { nullable: true }) donorTaxId!: string | null;
  @Field(() => Boolean, { description: 'The donor’s citizen or tax id is the requester’s.' })
  sameTaxId!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'The receipt (money) or evidence (goods) issued for it.',
  })
  receiptNumber!: string | null;
  @Field(() => Boolean) receiptVoid!: boolean;
  @Field(() => String, { nullable: true, description: 'Another open or issued request linked to it.' })
  linkedRequestNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'Why ISSUE is not possible yet (Thai).' })
  notReadyTh!: string | null;
  @Field(() => String, { nullable: true, description: 'Why ISSUE is not possible yet (English).' })
  notReadyEn!: string | null;
}

@Identity('id')
@ObjectType('ReceiptRequest', {
  description:
    'A visitor’s request for a receipt (money) or an evidence of receipt (goods): what they sent and where it stands.',
})
export class ReceiptRequestType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'The tracking number: RR-2569-000001.' }) number!: string;
  @Field(() => ReceiptRequestKindEnum) kind!: ReceiptRequestKindEnum;
  @Field(() => String) status!: string;
  @Field(() => String, { description: 'PERSON or JURISTIC.' }) requesterType!: string;
  @Field(() => String) requesterName!: string;
  @Field(() => String) taxId!: string;
  @Field(() => String) email!: string;
  @Field(() => String) phone!: string;
  @Field(() => String, { description: 'yyyy-mm-dd.' }) donatedOn!: string;
  @Field(() => String, { nullable: true }) amount!: string | null;
  @Field(() => [ReceiptRequestItemType]) items!: ReceiptRequestItemType[];
  @Field(() => String, { description: 'EMAIL or POST.' }) delivery!: string;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => Int) unitId!: number;
  @Field(() => String) unitCode!: string;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String) unitNameEn!: string;
  @Field(() => String, { nullable: true, description: 'The linked donation’s number.' })
  linkedNumber!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@ObjectType('ReceiptRequestConsent', {
  description: 'The consent given with the form (a consent record of subject RECEIPT_REQUEST).',
})
export class ReceiptRequestConsentType {
  @Field(() => String, { description: 'The privacy notice version agreed to.' }) noticeVersion!: string;
  @Field(() => Date) givenAt!: Date;
  @Field(() => String, { description: 'The form the consent was given on.' }) channel!: string;
  @Field(() => String, { description: 'What was agreed to, in the words shown.' }) purpose!: string;
}

@ObjectType('ReceiptRequestPage')
export class ReceiptRequestPageType {
  @Field(() => [ReceiptRequestType]) items!: ReceiptRequestType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
}

@InputType('ReceiptRequestActionInput')
export class ReceiptRequestActionInput {
  @MaxLength(20)
  @Field(() => String, { description: 'TAKE, LINK, ISSUE or REJECT.' })
  action!: string;

  @MaxLength(1000)
  @Field(() => String, { nullable: true, description: 'REJECT: required.' })
  reason?: string | null;

  @MaxLength(30)
  @Field(() => String, { nullable: true, description: 'LINK: the number of the donation (DM-…, DT-…).' })
  donationNumber?: string | null;
}
