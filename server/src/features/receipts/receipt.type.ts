import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DonationReceipt', {
  description:
    'A donation receipt (docs/receipts.md): numbered per receiving unit and Buddhist-era fiscal year, e.g. 2569/000123.',
})
export class DonationReceiptType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'e.g. 2569/000123: fiscal year (B.E.) / number in the unit’s series.' })
  number!: string;
  @Field(() => Int, { description: 'Buddhist-era fiscal year of the number.' }) fiscalYear!: number;
  @Field(() => String, { description: 'The day it was issued (YYYY-MM-DD, Bangkok).' }) issuedOn!: string;
  @Field(() => String, { description: 'Baht, two decimals.' }) amount!: string;
  @Field(() => String, { description: 'The amount in Thai words, e.g. หนึ่งร้อยเอ็ดบาทถ้วน.' })
  amountInWords!: string;
  @Field(() => String, { description: 'The donor as printed (frozen when issued).' }) donorName!: string;
  @Field(() => Boolean, {
    description: 'Voided (cancel-receipt-money): it keeps its number and prints as void.',
  })
  void!: boolean;
  @Field(() => Date, { nullable: true }) voidedAt!: Date | null;
  @Field(() => String, { nullable: true }) voidReason!: string | null;
  @Field(() => Int, { description: 'Prints so far: every print after the first is marked as a copy.' })
  printCount!: number;
  @Field(() => Boolean, {
    description: 'The caller may print it (menu MN-050 or MN-051): GET pdfUrl or printViewUrl.',
  })
  printable!: boolean;
  @Field(() => String, { description: 'GET: the PDF (Content-Disposition attachment).' }) pdfUrl!: string;
  @Field(() => String, { description: 'GET: the same receipt as an HTML page for the browser to print.' })
  printViewUrl!: string;
}
