import { Field, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';
import { moneyDonation } from '../money-donations';
import { statusEnum } from './donation-status';

export const MoneyDonationStatus = statusEnum(moneyDonation, 'MoneyDonationStatus');

@Identity('id')
@ObjectType('MoneyDonation', {
  description:
    'A money donation (donate-money) and, once approved, its receipt. Readable by holders of a view ' +
    `menu of money donations (${moneyDonation.menus.view.join(', ')}) within their data scope; every ` +
    'field below is readable with the donation unless it states its own @menu.',
})
export class MoneyDonationType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'DM-2569-000123: prefix, Buddhist-era fiscal year, number.' })
  number!: string;
  @Field(() => Int, { description: 'Buddhist-era fiscal year (1 October to 30 September).' })
  fiscalYear!: number;
  @Field(() => MoneyDonationStatus) status!: string;
  @Field(() => String, { description: 'The day the money was received (YYYY-MM-DD).' }) donatedOn!: string;
  @Field(() => String, { description: 'Baht, two decimals.' }) amount!: string;
  @Field(() => String, { description: 'A code of the common list transfer-money-type.' })
  transferType!: string;
  @Field(() => String, { nullable: true, description: 'A bank code of the common list bank.' })
  bank!: string | null;
  @Field(() => String, { nullable: true, description: 'Cheque number or transfer reference.' })
  paymentReference!: string | null;
  @Field(() => String, { description: 'A code of the common list objective/event.' }) objective!: string;
  @Field(() => String, { nullable: true }) objectiveDetail!: string | null;
  @Field(() => String, { nullable: true }) remark!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { description: 'Last change (an edit or a workflow step).' }) updatedAt!: Date;
  /** Relations, resolved by the batch loaders. */
  donorId!: number;
  accountId!: number;
  receivingUnitId!: number;
}

@ObjectType('MoneyDonationPage', { description: 'A page of money donations, newest first.' })
export class MoneyDonationPageType {
  @Field(() => [MoneyDonationType]) items!: MoneyDonationType[];
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
  /** Counts the matching donations when `total` is asked for (one more statement). */
  count!: () => Promise<number>;
}
