import { Field, Int, ObjectType } from 'type-graphql';

// The inventory views of issue 9 (stock on hand, stock card, money balances and card, expiring
// lots), as explicit output types. Quantities and money are decimal strings.

@ObjectType('StockBalance')
export class StockBalanceType {
  @Field(() => Int) balanceId!: number;
  @Field(() => Int) storageId!: number;
  @Field(() => String) storageCode!: string;
  @Field(() => String) storageNameTh!: string;
  @Field(() => String, { nullable: true }) storageNameEn!: string | null;
  @Field(() => Int) resourceId!: number;
  @Field(() => String) resourceCode!: string;
  @Field(() => String) resourceNameTh!: string;
  @Field(() => String, { nullable: true }) resourceNameEn!: string | null;
  @Field(() => String, { nullable: true }) countingUnitTh!: string | null;
  @Field(() => String, { description: 'Empty: goods that came without a lot number.' }) lot!: string;
  @Field(() => String, { nullable: true, description: 'yyyy-mm-dd.' }) expiryDate!: string | null;
  @Field(() => String) onHand!: string;
  @Field(() => String) reserved!: string;
  @Field(() => String, { description: 'On hand less reserved.' }) available!: string;
  @Field(() => String, { description: 'Sent here by a transfer, not received yet.' }) inTransit!: string;
  @Field(() => String) unitValue!: string;
  @Field(() => String, { description: 'On hand × unit value, baht.' }) value!: string;
}

@ObjectType('ExpiringLot')
export class ExpiringLotType extends StockBalanceType {
  @Field(() => Int, { description: 'Days to the expiry date; negative once expired.' }) daysLeft!: number;
}

@ObjectType('LedgerSource')
export class LedgerSourceType {
  @Field(() => String) documentType!: string;
  @Field(() => Int) documentId!: number;
  @Field(() => String, {
    nullable: true,
    description: 'The source document’s number (DS-2570-000005); null for a source outside the document kit.',
  })
  documentNumber!: string | null;
  @Field(() => Int, { nullable: true }) documentLineId!: number | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => String, { nullable: true, description: 'The movement this one reverses.' }) reversalOfId!:
    | string
    | null;
}

@ObjectType('StockCardEntry')
export class StockCardEntryType extends LedgerSourceType {
  @Field(() => String) movementId!: string;
  @Field(() => String) movementType!: string;
  @Field(() => String) lot!: string;
  @Field(() => String, { nullable: true }) expiryDate!: string | null;
  @Field(() => String, { description: 'Change of on hand.' }) quantity!: string;
  @Field(() => String) reservedDelta!: string;
  @Field(() => String) transitDelta!: string;
  @Field(() => String) unitValue!: string;
  @Field(() => String, { nullable: true }) reasonCode!: string | null;
  @Field(() => String, { nullable: true }) reasonNameTh!: string | null;
  @Field(() => String, { description: 'Running on hand of the resource in the storage.' })
  onHandAfter!: string;
  @Field(() => String) reservedAfter!: string;
  @Field(() => String) inTransitAfter!: string;
  @Field(() => String, { description: 'Running on hand of this lot.' }) lotOnHandAfter!: string;
}

@ObjectType('StockCardLotOpening')
export class StockCardLotOpeningType {
  @Field(() => String) lot!: string;
  @Field(() => String, { nullable: true, description: 'yyyy-mm-dd.' }) expiryDate!: string | null;
  @Field(() => String) onHand!: string;
  @Field(() => String) reserved!: string;
  @Field(() => String) inTransit!: string;
}

@ObjectType('StockCardOpening', {
  description:
    'The balance at the start of the period (zero without a start): the balance rows now less the movements since.',
})
export class StockCardOpeningType {
  @Field(() => String) onHand!: string;
  @Field(() => String) reserved!: string;
  @Field(() => String) inTransit!: string;
  @Field(() => [StockCardLotOpeningType], {
    description: 'The lots with something on hand, reserved or in transit then, first expiry first.',
  })
  lots!: StockCardLotOpeningType[];
}

@ObjectType('StockCardPage')
export class StockCardPageType {
  @Field(() => StockCardOpeningType) opening!: StockCardOpeningType;
  @Field(() => [StockCardEntryType], {
    description: 'The period’s movements of this page, oldest first, running balances from the opening.',
  })
  entries!: StockCardEntryType[];
  @Field(() => String, {
    nullable: true,
    description: 'The `after` of the next page; null on the last page.',
  })
  nextCursor!: string | null;
}

@ObjectType('MoneyBalance')
export class MoneyBalanceType {
  @Field(() => Int) accountId!: number;
  @Field(() => String) accountCode!: string;
  @Field(() => String) accountNameTh!: string;
  @Field(() => String, { description: 'The account’s English name (its Thai name where it has none).' })
  accountNameEn!: string;
  @Field(() => String) bankCode!: string;
  @Field(() => String) accountNumber!: string;
  @Field(() => Int) ownerUnitId!: number;
  @Field(() => String, { description: 'Baht, two decimals.' }) balance!: string;
  @Field(() => String, { description: 'Held by approved money disbursements; baht, two decimals.' })
  reserved!: string;
  @Field(() => String, { description: 'Balance less reserved; baht, two decimals.' }) available!: string;
}

@ObjectType('MoneyCardEntry')
export class MoneyCardEntryType extends LedgerSourceType {
  @Field(() => String) movementId!: string;
  @Field(() => String) movementType!: string;
  @Field(() => String) amount!: string;
  @Field(() => String) balanceAfter!: string;
  @Field(() => String, { description: 'Change of the reserved part (a disbursement approved or released).' })
  reservedDelta!: string;
  @Field(() => String) reservedAfter!: string;
}
