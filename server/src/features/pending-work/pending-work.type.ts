import { Field, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';

// Pending work as the screen (MN-106) and the top bar's badge read it.

@Identity('documentType', 'id', 'status')
@ObjectType('PendingWorkItem', {
  description:
    'One document or request waiting for the caller, in one status: documentType and id name the record (ids of different kinds share numbers).',
})
export class PendingWorkItemType {
  @Field(() => String, {
    description:
      'The record’s kind: a document type (GOODS_DONATION, …; for an overdue e-Donation row, its donation’s), RECEIPT_REQUEST or PERSONAL_DATA_DELETION.',
  })
  documentType!: string;
  @Field(() => Int) id!: number;
  @Field(() => String, { description: 'Document number, or the request’s tracking number.' }) number!: string;
  @Field(() => String) status!: string;
  @Field(() => String, { nullable: true }) unitNameTh!: string | null;
  @Field(() => String, { nullable: true }) unitNameEn!: string | null;
  @Field(() => Date, { description: 'When it was last changed (it waits since then).' }) date!: Date;
}

@ObjectType('PendingWorkGroup', {
  description: 'The documents of one type waiting in one status for one action the caller may take.',
})
export class PendingWorkGroupType {
  @Field(() => String, { description: 'document:<TYPE>, receipt-request, personal-data-deletion, …' })
  source!: string;
  @Field(() => String, { description: 'APPROVAL, DELIVERY, ACTION, REQUEST or E_DONATION.' }) kind!: string;
  @Field(() => String, { description: 'The document type (or request kind) the items are.' })
  documentType!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => String) status!: string;
  @Field(() => String) statusLabelTh!: string;
  @Field(() => String) statusLabelEn!: string;
  @Field(() => String) action!: string;
  @Field(() => String) actionLabelTh!: string;
  @Field(() => String) actionLabelEn!: string;
  @Field(() => String, { description: 'The caller’s menu code that grants the action.' }) menuCode!: string;
  @Field(() => String, { description: 'The back-office route that works these items.' }) link!: string;
  @Field(() => Int, { description: 'How many wait (complete; items lists the newest 50).' }) count!: number;
  @Field(() => [PendingWorkItemType]) items!: PendingWorkItemType[];
}

@ObjectType('PendingWork')
export class PendingWorkType {
  @Field(() => Int, { description: 'Everything waiting for the caller, all groups together.' })
  total!: number;
  @Field(() => [PendingWorkGroupType]) groups!: PendingWorkGroupType[];
}
