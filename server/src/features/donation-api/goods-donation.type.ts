import { Field, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';
import { goodsDonation } from '../donations';
import { ResourceType } from './donation-parts.type';
import { statusEnum } from './donation-status';

export const GoodsDonationStatus = statusEnum(goodsDonation, 'GoodsDonationStatus');

@Identity('id')
@ObjectType('GoodsDonation', {
  description:
    'A goods donation (donate-things): what a donor gave, received by a division into one of its ' +
    'storages, with its items. Readable by holders of a view menu of goods donations ' +
    `(${goodsDonation.menus.view.join(', ')}) within their data scope; every field below is readable ` +
    'with the donation unless it states its own @menu.',
})
export class GoodsDonationType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'DT-2569-000123: prefix, Buddhist-era fiscal year, number.' })
  number!: string;
  @Field(() => Int, { description: 'Buddhist-era fiscal year (1 October to 30 September).' })
  fiscalYear!: number;
  @Field(() => GoodsDonationStatus) status!: string;
  @Field(() => String, { description: 'The day it was received (YYYY-MM-DD).' }) donationDate!: string;
  @Field(() => String, { description: 'A code of the common list objective/event.' }) objective!: string;
  @Field(() => String, { nullable: true }) remark!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { description: 'Last change (an edit or a workflow step).' }) updatedAt!: Date;
  /** Relations, resolved by the batch loaders. */
  donorId!: number;
  storageId!: number;
  receivingUnitId!: number;
  /** The relations read ahead (prefetch.ts). */
  prefetched?: Record<string, unknown>;
}

@Identity('id')
@ObjectType('GoodsDonationItem', {
  description:
    'One item of a goods donation: the resource, how many, its value and, once screened, how many were accepted.',
})
export class GoodsDonationItemType {
  @Field(() => Int) id!: number;
  @Field(() => Int, { description: 'Its place on the donation, from 1.' }) lineNo!: number;
  @Field(() => String, { description: 'A code of the common list resource-character (new or used).' })
  character!: string;
  @Field(() => String, { description: 'Quantity donated, three decimals.' }) quantity!: string;
  @Field(() => String, { description: 'Value of one unit in baht, two decimals.' }) unitValue!: string;
  @Field(() => String, { description: 'A code of the common list price-from (how the value was found).' })
  priceFrom!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' }) expiryDate!: string | null;
  @Field(() => String, { nullable: true }) lot!: string | null;
  @Field(() => String, { nullable: true, description: 'Accepted at screening, three decimals.' })
  acceptedQuantity!: string | null;
  @Field(() => String, { nullable: true, description: 'Rejected at screening (never in stock).' })
  rejectedQuantity!: string | null;
  @Field(() => String, { nullable: true, description: 'A code of the common list screen-status (result).' })
  screenStatus!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'A code of the common list screen-status (urgency classification).',
  })
  classification!: string | null;
  @Field(() => String, { nullable: true }) screenReason!: string | null;
  /** Read with the item, in its statement (donation-loaders.ts). */
  @Field(() => ResourceType) resource!: ResourceType;
  /** The counting unit, resolved by its batch loader. */
  countingUnitId!: number | null;
}

@ObjectType('GoodsDonationPage', { description: 'A page of goods donations, newest first.' })
export class GoodsDonationPageType {
  @Field(() => [GoodsDonationType]) items!: GoodsDonationType[];
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
  /** Counts the matching donations when `total` is asked for (one more statement). */
  count!: () => Promise<number>;
}
