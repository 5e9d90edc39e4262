import { Field, Int, ObjectType } from 'type-graphql';
import { DocumentTypeName } from '../../kits/documents/document.type';
import { Identity } from '../../platform/graphql/identity';

@Identity('documentType', 'id')
@ObjectType('ThanksLetterRow', { description: 'An approved donation and its thanks letter.' })
export class ThanksLetterRowType {
  @Field(() => DocumentTypeName, { description: 'MONEY_DONATION or GOODS_DONATION.' }) documentType!: string;
  @Field(() => Int) id!: number;
  @Field(() => String) number!: string;
  @Field(() => String, { description: 'yyyy-mm-dd' }) donatedOn!: string;
  @Field(() => Int) donorId!: number;
  @Field(() => String) donorName!: string;
  @Field(() => String, { description: 'The donor in English (the Thai name where the record has none).' })
  donorNameEn!: string;
  @Field(() => String, { description: 'The receiving unit.' }) unitName!: string;
  @Field(() => String, { description: 'The receiving unit in English (its Thai name where it has none).' })
  unitNameEn!: string;
  @Field(() => String, { description: 'Money: the amount; goods: the value accepted. Baht.' }) value!: string;
  @Field(() => Int, { description: 'How often the letter was printed (0: never; later prints are marked).' })
  printCount!: number;
  @Field(() => String, { description: 'GET this path for the letter as PDF (one audited print).' })
  pdfPath!: string;
}

@ObjectType('ThanksLetterPage')
export class ThanksLetterPageType {
  @Field(() => [ThanksLetterRowType]) items!: ThanksLetterRowType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
}
