import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';
import { ReceiptRequestItemType } from '../receipt-requests';

// The donor's own data as the readable page shows it (the JSON download is the same object), and
// deletion requests as staff work them.

@Identity('id')
@ObjectType('PersonalDataAccount')
export class PersonalDataAccountType {
  @Field(() => ID) id!: number;
  @Field(() => String) username!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true }) titleTh!: string | null;
  @Field(() => String) firstNameTh!: string;
  @Field(() => String) lastNameTh!: string;
  @Field(() => String, { nullable: true }) firstNameEn!: string | null;
  @Field(() => String, { nullable: true }) lastNameEn!: string | null;
  @Field(() => String, { nullable: true }) citizenId!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String) status!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastLoginAt!: Date | null;
}

@Identity('id')
@ObjectType('PersonalDataDonor', { description: 'A donator record linked to the account, as held.' })
export class PersonalDataDonorType {
  @Field(() => ID) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) donorType!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Field(() => String, { nullable: true }) taxId!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) address!: string | null;
  @Field(() => Date) linkedAt!: Date;
  @Field(() => String) linkMethod!: string;
}

@ObjectType('PersonalDataReceipt', { description: 'A receipt as issued (what it prints about the donor).' })
export class PersonalDataReceiptType {
  @Field(() => String) kind!: string;
  @Field(() => String) number!: string;
  @Field(() => String) issuedOn!: string;
  @Field(() => String) amount!: string;
  @Field(() => String) donorName!: string;
  @Field(() => String, { nullable: true }) donorTaxId!: string | null;
  @Field(() => String, { nullable: true }) donorAddress!: string | null;
  @Field(() => Boolean) void!: boolean;
}

@ObjectType('PersonalDataDonation')
export class PersonalDataDonationType {
  @Field(() => String) kind!: string;
  @Field(() => String) number!: string;
  @Field(() => String) donatedOn!: string;
  @Field(() => String) status!: string;
  @Field(() => String) statusLabelTh!: string;
  @Field(() => String) statusLabelEn!: string;
  @Field(() => String) value!: string;
  @Field(() => String) objectiveLabelTh!: string;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String, { nullable: true, description: 'The unit’s English name, where it has one.' })
  unitNameEn!: string | null;
  @Field(() => String) donorCode!: string;
  @Field(() => String, { nullable: true }) channel!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) receiptDelivery!: string | null;
  @Field(() => String, { nullable: true }) receiptAddress!: string | null;
  @Field(() => PersonalDataReceiptType, { nullable: true }) receipt!: PersonalDataReceiptType | null;
}

@ObjectType('PersonalDataConsent')
export class PersonalDataConsentType {
  @Field(() => Date) givenAt!: Date;
  @Field(() => String) channel!: string;
  @Field(() => String) noticeVersion!: string;
  @Field(() => String) purpose!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String) subjectType!: string;
  @Field(() => Int) subjectId!: number;
}

@Identity('id')
@ObjectType('PersonalDataRequest', { description: 'A request the donor made about their data.' })
export class PersonalDataRequestType {
  @Field(() => ID) id!: number;
  @Field(() => String, { description: 'DELETION.' }) kind!: string;
  @Field(() => String, { description: 'REQUESTED, COMPLETED, REJECTED.' }) status!: string;
  @Field(() => String) statusLabelTh!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Date) requestedAt!: Date;
  @Field(() => Date, { nullable: true }) decidedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The staff member’s note (a rejection’s reason).' })
  decisionNote!: string | null;
}

@ObjectType('PersonalDataReceiptRequest', {
  description:
    'A public receipt request that is the donor’s: PERSON under the citizen id of a linked record, or sent with a verified e-mail of the account.',
})
export class PersonalDataReceiptRequestType {
  @Field(() => String, { description: 'The tracking number.' }) number!: string;
  @Field(() => String, { description: 'MONEY or GOODS.' }) kind!: string;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String) donatedOn!: string;
  @Field(() => String, { nullable: true }) amount!: string | null;
  @Field(() => [ReceiptRequestItemType], { nullable: true }) items!: ReceiptRequestItemType[] | null;
  @Field(() => String, { description: 'EMAIL or POST.' }) delivery!: string;
  @Field(() => String) status!: string;
  @Field(() => String) statusLabelTh!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => String) requesterType!: string;
  @Field(() => String) requesterName!: string;
  @Field(() => String) taxId!: string;
  @Field(() => String) email!: string;
  @Field(() => String) phone!: string;
  @Field(() => String, { nullable: true }) address!: string | null;
  @Field(() => String, { nullable: true }) note!: string | null;
}

@ObjectType('PersonalDataExport', {
  description:
    'Everything held about the donor that the account reaches (GET /api/my/personal-data is the same as JSON).',
})
export class PersonalDataExportType {
  @Field(() => Date) exportedAt!: Date;
  @Field(() => String, { description: 'The privacy notice in force (/pdpa).' }) noticeVersion!: string;
  @Field(() => PersonalDataAccountType) account!: PersonalDataAccountType;
  @Field(() => [PersonalDataDonorType]) donors!: PersonalDataDonorType[];
  @Field(() => [PersonalDataDonationType]) donations!: PersonalDataDonationType[];
  @Field(() => [PersonalDataConsentType]) consents!: PersonalDataConsentType[];
  @Field(() => [PersonalDataRequestType]) requests!: PersonalDataRequestType[];
  @Field(() => [PersonalDataReceiptRequestType]) receiptRequests!: PersonalDataReceiptRequestType[];
}

@Identity('id')
@ObjectType('PersonalDataRequestDonor')
export class PersonalDataRequestDonorType {
  @Field(() => ID) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String) donorType!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) taxId!: string | null;
}

@Identity('id')
@ObjectType('PersonalDataRequestCase', {
  description:
    'A deletion request as staff work it (edit-donator, MN-020): who asked and their linked records.',
})
export class PersonalDataRequestCaseType {
  @Field(() => ID) id!: number;
  @Field(() => String) status!: string;
  @Field(() => String) statusLabelTh!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Date) requestedAt!: Date;
  @Field(() => Date, { nullable: true }) decidedAt!: Date | null;
  @Field(() => String, { nullable: true }) decidedByName!: string | null;
  @Field(() => String, { nullable: true }) decisionNote!: string | null;
  @Field(() => ID) userId!: number;
  @Field(() => String) email!: string;
  @Field(() => String) firstNameTh!: string;
  @Field(() => String) lastNameTh!: string;
  @Field(() => String, { nullable: true }) citizenId!: string | null;
  @Field(() => [PersonalDataRequestDonorType], {
    description: 'PERSON records are anonymised; others only unlinked.',
  })
  donors!: PersonalDataRequestDonorType[];
  @Field(() => [String], {
    description: 'COMPLETE, REJECT: what the caller may do now (the rule that guards the mutation).',
  })
  allowedActions!: string[];
  @Field(() => String, {
    nullable: true,
    description: 'What a completed anonymisation changed: JSON, rows per step.',
  })
  outcome!: string | null;
}
