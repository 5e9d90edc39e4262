import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DocumentTypeName } from '../../kits/documents/document.type';
import { Identity } from '../../platform/graphql/identity';
import { declarePageCursors } from '../../platform/graphql/page-cursors';

// The ministry's donation history (view-donation-history-MSDHS, MN-058): goods and money donations
// in one list, as explicit output types. Money and values are decimal strings with two decimals.

export enum DonationKind {
  GOODS = 'GOODS',
  MONEY = 'MONEY',
}
registerEnumType(DonationKind, {
  name: 'DonationKind',
  description: 'GOODS: a goods donation (GOODS_DONATION); MONEY: a money donation (MONEY_DONATION).',
});

@Identity('documentType', 'id')
@ObjectType('DonationHistoryRow')
export class DonationHistoryRowType {
  @Field(() => DonationKind) kind!: DonationKind;
  @Field(() => DocumentTypeName, { description: 'The document type, for document(type:, id:).' })
  documentType!: string;
  @Field(() => Int) id!: number;
  @Field(() => String) number!: string;
  @Field(() => String, { description: 'The donation date (goods) or the date received (money), yyyy-mm-dd.' })
  donatedOn!: string;
  @Field(() => Int) donorId!: number;
  @Field(() => String) donorCode!: string;
  @Field(() => String) donorNameTh!: string;
  @Field(() => String, { nullable: true }) donorNameEn!: string | null;
  @Field(() => Int, { description: 'The receiving unit: the document’s owner.' }) unitId!: number;
  @Field(() => String) unitCode!: string;
  @Field(() => String) unitNameTh!: string;
  @Field(() => String) unitNameEn!: string;
  @Field(() => String, { description: 'The status code of the document type’s workflow.' }) status!: string;
  @Field(() => String, { description: 'A code of the common list objective/event.' }) objective!: string;
  @Field(() => String, { nullable: true, description: 'Money donations: the amount, baht.' }) amount!:
    | string
    | null;
  @Field(() => String, {
    nullable: true,
    description:
      'Goods donations: the sum of accepted quantity × unit value once screened (SCREENED, APPROVED_1, APPROVED_2), otherwise quantity × unit value; baht, rounded to 2 decimals per donation.',
  })
  goodsValue!: string | null;
  @Field(() => String, { description: 'The amount or the goods value, baht.' }) value!: string;
  @Field(() => String, { nullable: true, description: 'The receipt issued for it (money donations).' })
  receiptNumber!: string | null;
  @Field(() => Boolean, { description: 'The receipt was voided (it keeps its number).' })
  receiptVoid!: boolean;
}

@ObjectType('DonationHistoryTotals', {
  description:
    'Over every donation the filters select, not only a page (Query.donationHistoryTotals, asked once per filter set). Sums leave out cancelled donations (counted in cancelledCount).',
})
export class DonationHistoryTotalsType {
  @Field(() => Int) count!: number;
  @Field(() => Int) goodsCount!: number;
  @Field(() => Int) moneyCount!: number;
  @Field(() => Int) cancelledCount!: number;
  @Field(() => String, { description: 'Money donations not cancelled (pending and approved), baht.' })
  moneyTotal!: string;
  @Field(() => String, { description: 'Approved money donations (receipt issued), baht.' })
  moneyApprovedTotal!: string;
  @Field(() => String, { description: 'Goods donations not cancelled, by the goodsValue rule, baht.' })
  goodsValueTotal!: string;
  @Field(() => String, { description: 'Goods donations approved at level 2 (received into stock), baht.' })
  goodsApprovedTotal!: string;
}

@ObjectType('DonationHistoryPage')
export class DonationHistoryPageType {
  @Field(() => [DonationHistoryRowType]) items!: DonationHistoryRowType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
  startCursor!: string | null;
  endCursor!: string | null;
  hasNextPage!: boolean;
  hasPreviousPage!: boolean;
}
declarePageCursors(DonationHistoryPageType);
