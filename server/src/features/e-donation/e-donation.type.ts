import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DocumentTypeName } from '../../kits/documents/document.type';
import { Identity } from '../../platform/graphql/identity';
import { MAX_RECORD_ID, Range } from '../../platform/graphql/input-limits';
import { DonationKind } from '../donation-history';

// The e-Donation export (MN-111, MN-112; docs/e-donation.md) as explicit GraphQL types. Amounts and
// values are decimal strings with two decimals; days are yyyy-mm-dd (the screens show them in the
// Buddhist era).

export enum EDonationKeying {
  KEYED = 'KEYED',
  NOT_KEYED = 'NOT_KEYED',
  OVERDUE = 'OVERDUE',
}
registerEnumType(EDonationKeying, {
  name: 'EDonationKeying',
  description:
    'KEYED: marked as keyed into the e-Donation system; NOT_KEYED: not marked; OVERDUE: not marked and past its due day (the 5th of the month after the donation date, Asia/Bangkok).',
});

@Identity('documentType', 'id')
@ObjectType('EDonationRow', {
  description: 'A donation as the Revenue Department’s e-Donation system takes it.',
})
export class EDonationRowType {
  @Field(() => DonationKind) kind!: DonationKind;
  @Field(() => DocumentTypeName, { description: 'The document type, for document(type:, id:).' })
  documentType!: string;
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'The donation’s document number.' }) number!: string;
  @Field(() => String, { description: 'The donation date (goods) or the date received (money), yyyy-mm-dd.' })
  donatedOn!: string;
  @Field(() => String, { description: 'The day it must be keyed by: the 5th of the following month.' })
  dueOn!: string;
  @Field(() => Int) donorId!: number;
  @Field(() => String, { description: 'The donor’s citizen or tax id (13 digits), as on the receipt.' })
  donorTaxId!: string;
  @Field(() => String, { description: 'The donor’s name as the receipt states it.' }) donorName!: string;
  @Field(() => String, { nullable: true }) donorNameEn!: string | null;
  @Field(() => String) donorCode!: string;
  @Field(() => String, { description: 'A code of the common list donor-type (PERSON, JURISTIC).' })
  donorType!: string;
  @Field(() => String, {
    description: 'Money: the amount; goods: the accepted quantities × unit values; baht.',
  })
  value!: string;
  @Field(() => String, { description: 'The Revenue Department donation type: 1 money, 2 property (goods).' })
  revenueTypeCode!: string;
  @Field(() => String) revenueTypeTh!: string;
  @Field(() => String) revenueTypeEn!: string;
  @Field(() => String, { description: 'The money receipt’s or the goods evidence’s number.' })
  receiptNumber!: string;
  @Field(() => String, { description: 'The receiving unit (the document’s owner).' }) unitCode!: string;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String) unitNameEn!: string;
  @Field(() => Date, { nullable: true, description: 'When it was marked as keyed (the mark in force).' })
  keyedAt!: Date | null;
  @Field(() => String, { nullable: true }) keyedByUsername!: string | null;
  @Field(() => String, { nullable: true, description: 'The Thai name of who marked it.' })
  keyedByName!: string | null;
  @Field(() => Boolean, { description: 'Not keyed and past its due day.' }) overdue!: boolean;
}

@ObjectType('EDonationTotals', { description: 'Over every row the filters select, not only the page.' })
export class EDonationTotalsType {
  @Field(() => Int) count!: number;
  @Field(() => Int) moneyCount!: number;
  @Field(() => String) moneyTotal!: string;
  @Field(() => Int) goodsCount!: number;
  @Field(() => String) goodsTotal!: string;
  @Field(() => String, { description: 'Money and goods together, baht.' }) total!: string;
  @Field(() => Int) keyedCount!: number;
  @Field(() => Int) notKeyedCount!: number;
  @Field(() => Int) overdueCount!: number;
}

@ObjectType('EDonationPage')
export class EDonationPageType {
  @Field(() => [EDonationRowType]) items!: EDonationRowType[];
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
  @Field(() => EDonationTotalsType) totals!: EDonationTotalsType;
}

@InputType('EDonationRowRef', { description: 'One donation of the export, by kind and id.' })
export class EDonationRowRefInput {
  @Field(() => DonationKind) kind!: DonationKind;
  @Range(1, MAX_RECORD_ID) @Field(() => Int) id!: number;
}

@ObjectType('EDonationMarkResult')
export class EDonationMarkResultType {
  @Field(() => Int, { description: 'Rows whose mark this command changed (others were already so).' })
  changed!: number;
  @Field(() => [EDonationRowType], { description: 'The rows named, as they are now.' })
  rows!: EDonationRowType[];
}
