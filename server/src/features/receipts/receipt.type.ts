import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';
import type { ReceiptKind } from './receipt-kinds';

/** receipt-kinds.ts's kinds as a GraphQL enum (the compiler holds the two together). */
const ReceiptKindEnum = { MONEY: 'MONEY', GOODS: 'GOODS' } satisfies Record<ReceiptKind, ReceiptKind>;
registerEnumType(ReceiptKindEnum, {
  name: 'ReceiptKind',
  description: 'MONEY: a money receipt (ใบเสร็จรับเงิน); GOODS: a goods donation’s evidence of receipt.',
});

@Identity('id')
@ObjectType('DonationReceipt', {
  description:
    'A donation receipt (docs/receipts.md), money receipt or goods evidence: numbered per kind, receiving unit and Buddhist-era fiscal year, e.g. 2569/000123 or G2569/000123.',
})
export class DonationReceiptType {
  @Field(() => Int) id!: number;
  @Field(() => ReceiptKindEnum) kind!: ReceiptKind;
  @Field(() => String, {
    description:
      'e.g. 2569/000123 (money), G2569/000123 (goods): fiscal year (B.E.) / number in the unit’s series.',
  })
  number!: string;
  @Field(() => Int, { description: 'Buddhist-era fiscal year of the number.' }) fiscalYear!: number;
  @Field(() => String, { description: 'The day it was issued (YYYY-MM-DD, Bangkok).' }) issuedOn!: string;
  @Field(() => String, { description: 'Baht, two decimals: the amount, or the goods’ total value.' })
  amount!: string;
  @Field(() => String, { description: 'The amount in Thai words, e.g. หนึ่งร้อยเอ็ดบาทถ้วน.' })
  amountInWords!: string;
  @Field(() => String, { description: 'The donor as printed (frozen when issued).' }) donorName!: string;
  @Field(() => Boolean, {
    description:
      'Voided (cancel-receipt-money; a goods donation’s cancelled level-2 approval): it keeps its number and prints as void.',
  })
  void!: boolean;
  @Field(() => Date, { nullable: true }) voidedAt!: Date | null;
  @Field(() => String, { nullable: true }) voidReason!: string | null;
  @Field(() => Int, { description: 'Prints so far: every print after the first is marked as a copy.' })
  printCount!: number;
  @Field(() => Boolean, {
    description:
      'The caller may print it (money: menu MN-050 or MN-051; goods: MN-052): GET pdfUrl or printViewUrl.',
  })
  printable!: boolean;
  @Field(() => String, { description: 'GET: the PDF (Content-Disposition attachment).' }) pdfUrl!: string;
  @Field(() => String, { description: 'GET: the same page as HTML for the browser to print.' })
  printViewUrl!: string;
}
