import { Field, Int, ObjectType } from 'type-graphql';
import { Menu } from '../../platform/graphql/access';
import { Identity } from '../../platform/graphql/identity';
import { moneyDisbursement, resourceDisbursement } from '../disbursements';
import { CountingUnitType, ResourceType, statusEnum } from '../donation-api';
import { supportRequest } from '../giving-out';

// The disbursements API's objects (docs/disbursements-api.md): a resource or money disbursement with
// the support request it answers, its lines, storage or account and its delivery, each relation read
// through a per-request batch loader (disbursement-loaders.ts); a line's resource and counting unit
// come with the line. Storage, Resource, CountingUnit,
// MoneyAccount and OrganisationUnit are the donations API's types (donation-api/donation-parts.type.ts).

export const ResourceDisbursementStatus = statusEnum(resourceDisbursement, 'ResourceDisbursementStatus');
export const MoneyDisbursementStatus = statusEnum(moneyDisbursement, 'MoneyDisbursementStatus');
export const SupportRequestStatus = statusEnum(supportRequest, 'SupportRequestStatus');

/** Who may read the name of the person who asked: the support requests' view menus. */
const REQUEST_DETAILS = [...supportRequest.menus.view].sort();

@Identity('id')
@ObjectType('DisbursementSupportRequest', {
  description:
    'The header of the support request a disbursement answers. Readable with the disbursement; the ' +
    `name of a person asking also needs a view menu of support requests (${REQUEST_DETAILS.join(', ')}).`,
})
export class DisbursementSupportRequestType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'RS-2569-000123.' }) number!: string;
  @Field(() => SupportRequestStatus) status!: string;
  @Field(() => String, { description: 'The day it was asked (YYYY-MM-DD).' }) requestDate!: string;
  @Field(() => String, { description: 'Who asked: an office (OFFICE) or a person (PERSON).' })
  requesterKind!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The requesting office’s name (external-office basic data), when an office asked.',
  })
  requesterOfficeNameTh!: string | null;
  @Menu(...REQUEST_DETAILS)
  @Field(() => String, { nullable: true, description: 'The name of the person asking, when a person asked.' })
  requesterName!: string | null;
  @Field(() => Int, { description: 'The province (geography id, as provinces lists it).' }) province!: number;
  @Field(() => String, { description: 'VERY_URGENT, URGENT or NORMAL.' }) urgency!: string;
}

@ObjectType('ResourceDisbursementDelivery', {
  description: 'The delivery of a resource disbursement, as recorded (MN-081).',
})
export class ResourceDisbursementDeliveryType {
  @Field(() => String, { description: 'YYYY-MM-DD.' }) deliveredOn!: string;
  @Field(() => String) receivedBy!: string;
}

@ObjectType('MoneyDisbursementTransfer', {
  description: 'The transfer of a money disbursement, as recorded (MN-085).',
})
export class MoneyDisbursementTransferType {
  @Field(() => String, { description: 'YYYY-MM-DD.' }) transferredOn!: string;
  @Field(() => String) transferReference!: string;
}

@ObjectType('ResourceDisbursementResult', {
  description:
    'What a resource disbursement achieved, as recorded (MN-089); its photos are the document’s image attachments.',
})
export class ResourceDisbursementResultType {
  @Field(() => String, { description: 'YYYY-MM-DD.' }) recordedOn!: string;
  @Field(() => Int, { description: 'People reached.' }) beneficiaries!: number;
  @Field(() => String) outcome!: string;
}

@Identity('id')
@ObjectType('ResourceDisbursement', {
  description:
    'A resource disbursement: goods given out of a storage to a recipient, with its lines. Readable ' +
    `by holders of a view menu of resource disbursements (${resourceDisbursement.menus.view.join(', ')}) ` +
    'within their data scope (the storage’s division); every field below is readable with it unless ' +
    'it states its own @menu.',
})
export class ResourceDisbursementType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'RD-2569-000123.' }) number!: string;
  @Field(() => Int, { description: 'Buddhist-era fiscal year.' }) fiscalYear!: number;
  @Field(() => ResourceDisbursementStatus) status!: string;
  @Field(() => String) recipientName!: string;
  @Field(() => String, { nullable: true }) recipientAddress!: string | null;
  @Field(() => String, { nullable: true }) purpose!: string | null;
  @Field(() => String, { nullable: true }) remark!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { description: 'Last change (an edit or a workflow step).' }) updatedAt!: Date;
  @Field(() => ResourceDisbursementDeliveryType, {
    nullable: true,
    description: 'The delivery, once recorded (null before, and again if it is cancelled).',
  })
  delivery!: ResourceDisbursementDeliveryType | null;
  @Field(() => ResourceDisbursementResultType, {
    nullable: true,
    description: 'The result, once recorded (MN-089; null before, and again if it is cancelled).',
  })
  result!: ResourceDisbursementResultType | null;
  /** Relations, resolved by the batch loaders. */
  supportRequestId!: number | null;
  storageId!: number;
  owningUnitId!: number;
  /** The relations read ahead (prefetch.ts of the donations API). */
  prefetched?: Record<string, unknown>;
}

@Identity('id')
@ObjectType('ResourceDisbursementLine', {
  description: 'One line of a resource disbursement: the resource, its lot, how many approved and delivered.',
})
export class ResourceDisbursementLineType {
  @Field(() => Int) id!: number;
  @Field(() => Int, { description: 'Its place on the disbursement, from 1.' }) lineNo!: number;
  @Field(() => String, { nullable: true, description: 'The lot taken (set at approval).' }) lot!:
    | string
    | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, of the lot taken.' })
  expiryDate!: string | null;
  @Field(() => String, { description: 'Quantity, three decimals.' }) quantity!: string;
  @Field(() => String, { nullable: true, description: 'Value of one unit in baht (set at approval).' })
  unitValue!: string | null;
  @Field(() => String, { nullable: true, description: 'Quantity delivered, once the delivery is recorded.' })
  deliveredQuantity!: string | null;
  /** Read with the line, in its statement (disbursement-loaders.ts). */
  @Field(() => ResourceType) resource!: ResourceType;
  @Field(() => CountingUnitType, { nullable: true, description: 'The resource’s counting unit.' })
  countingUnit!: CountingUnitType | null;
}

@ObjectType('ResourceDisbursementPage', { description: 'A page of resource disbursements, newest first.' })
export class ResourceDisbursementPageType {
  @Field(() => [ResourceDisbursementType]) items!: ResourceDisbursementType[];
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
  /** Counts the matching disbursements when `total` is asked for (one more statement). */
  count!: () => Promise<number>;
}

@Identity('id')
@ObjectType('MoneyDisbursement', {
  description:
    'A money disbursement: money paid from an account of a division to a recipient’s bank account. ' +
    `Readable by holders of a view menu of money disbursements (${moneyDisbursement.menus.view.join(', ')}) ` +
    'within their data scope (the account’s division).',
})
export class MoneyDisbursementType {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'MD-2569-000123.' }) number!: string;
  @Field(() => Int, { description: 'Buddhist-era fiscal year.' }) fiscalYear!: number;
  @Field(() => MoneyDisbursementStatus) status!: string;
  @Field(() => String, { description: 'Baht, two decimals.' }) amount!: string;
  @Field(() => String) recipientName!: string;
  @Field(() => String, { nullable: true }) recipientAddress!: string | null;
  @Field(() => String, { nullable: true }) purpose!: string | null;
  @Field(() => String, { description: 'A bank code of the common list bank.' }) recipientBank!: string;
  @Field(() => String) recipientAccountNumber!: string;
  @Field(() => String, { nullable: true }) remark!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { description: 'Last change (an edit or a workflow step).' }) updatedAt!: Date;
  @Field(() => MoneyDisbursementTransferType, {
    nullable: true,
    description: 'The transfer, once recorded (null before, and again if it is cancelled).',
  })
  transfer!: MoneyDisbursementTransferType | null;
  /** Relations, resolved by the batch loaders. */
  supportRequestId!: number | null;
  accountId!: number;
  owningUnitId!: number;
  /** The relations read ahead (prefetch.ts of the donations API). */
  prefetched?: Record<string, unknown>;
}

@ObjectType('MoneyDisbursementPage', { description: 'A page of money disbursements, newest first.' })
export class MoneyDisbursementPageType {
  @Field(() => [MoneyDisbursementType]) items!: MoneyDisbursementType[];
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
  count!: () => Promise<number>;
}
