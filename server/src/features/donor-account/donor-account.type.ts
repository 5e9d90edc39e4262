import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DocumentTypeName } from '../../kits/documents/document.type';
import { Identity } from '../../platform/graphql/identity';
import { DonationKind } from '../donation-history';

// The donor's own history (/user/donation-history) as explicit output types. Money and values are
// decimal strings with two decimals; dates yyyy-mm-dd.

export enum DonorLinkStatus {
  LINKED = 'LINKED',
  CHECK_EMAIL = 'CHECK_EMAIL',
}
registerEnumType(DonorLinkStatus, {
  name: 'DonorLinkStatus',
  description:
    'LINKED: the account is linked to the donor record (its e-mail is the one on record). CHECK_EMAIL: if a donor record with this id has an e-mail, a one-time code went to it (the answer never tells whether it has).',
});

@Identity('id')
@ObjectType('LinkedDonor', { description: 'A donor record (donator) the account is linked to.' })
export class LinkedDonorType {
  @Field(() => ID, { description: 'The donator’s id.' }) id!: number;
  @Field(() => String) code!: string;
  @Field(() => String, { description: 'PERSON, JURISTIC.' }) donorType!: string;
  @Field(() => String) nameTh!: string;
  @Field(() => String, { nullable: true }) nameEn!: string | null;
  @Field(() => String, { nullable: true }) taxId!: string | null;
  @Field(() => Date) linkedAt!: Date;
  @Field(() => String, {
    description: 'EMAIL_MATCH (the account’s own e-mail) or EMAIL_CODE (a mailed code).',
  })
  method!: string;
}

@ObjectType('DonorLinkResult')
export class DonorLinkResultType {
  @Field(() => DonorLinkStatus) status!: DonorLinkStatus;
  @Field(() => LinkedDonorType, { nullable: true }) donor!: LinkedDonorType | null;
}

@Identity('id')
@ObjectType('MyDonationReceipt', { description: 'A receipt (money) or evidence of receipt (goods).' })
export class MyDonationReceiptType {
  @Field(() => ID) id!: number;
  @Field(() => String, { description: 'MONEY or GOODS.' }) kind!: string;
  @Field(() => String) number!: string;
  @Field(() => String) issuedOn!: string;
  @Field(() => String) amount!: string;
  @Field(() => Boolean) void!: boolean;
  @Field(() => String, { description: 'GET with the donor’s token: the PDF (each download is a print).' })
  pdfUrl!: string;
}

@Identity('documentType', 'id')
@ObjectType('MyDonation')
export class MyDonationType {
  @Field(() => DonationKind) kind!: DonationKind;
  @Field(() => DocumentTypeName) documentType!: string;
  @Field(() => ID) id!: number;
  @Field(() => String, { description: 'The donation’s number: the tracking number of a website report.' })
  number!: string;
  @Field(() => String) donatedOn!: string;
  @Field(() => String) status!: string;
  @Field(() => String) statusLabelTh!: string;
  @Field(() => String) statusLabelEn!: string;
  @Field(() => String) objectiveLabelTh!: string;
  @Field(() => String) objectiveLabelEn!: string;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String, { nullable: true }) unitNameEn!: string | null;
  @Field(() => String, {
    description: 'Money: the amount; goods: the value (accepted quantities once screened).',
  })
  value!: string;
  @Field(() => String) donorCode!: string;
  @Field(() => String) donorNameTh!: string;
  @Field(() => MyDonationReceiptType, { nullable: true }) receipt!: MyDonationReceiptType | null;
}

@ObjectType('TaxYearTotal', {
  description:
    'Receipts in force issued in one calendar year (Buddhist era): what the donor claims for that tax year.',
})
export class TaxYearTotalType {
  @Field(() => Int) year!: number;
  @Field(() => String) moneyTotal!: string;
  @Field(() => Int) moneyCount!: number;
  @Field(() => String) goodsTotal!: string;
  @Field(() => Int) goodsCount!: number;
  @Field(() => String) total!: string;
}

@ObjectType('MyDonationHistory')
export class MyDonationHistoryType {
  @Field(() => [LinkedDonorType]) donors!: LinkedDonorType[];
  @Field(() => [MyDonationType], { description: 'Newest first.' }) donations!: MyDonationType[];
  @Field(() => [TaxYearTotalType], { description: 'Newest year first.' }) taxYears!: TaxYearTotalType[];
}
