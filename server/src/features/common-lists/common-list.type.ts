import { Field, ObjectType } from 'type-graphql';

@ObjectType('CommonListItem', {
  description:
    'An entry of a fixed common list (commonList). The nullable fields belong to particular lists and are null elsewhere.',
})
export class CommonListItemType {
  @Field(() => String, { description: 'Stable code that documents store.' })
  code!: string;

  @Field(() => String)
  nameTh!: string;

  @Field(() => String)
  nameEn!: string;

  @Field(() => String, { nullable: true, description: 'bank: Bank of Thailand three-digit code.' })
  botCode?: string | null;

  @Field(() => String, { nullable: true, description: 'bank: SWIFT (BIC) code, when known.' })
  swift?: string | null;

  @Field(() => String, { nullable: true, description: 'bank: the short name in common use (BBL, KBANK, …).' })
  shortName?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'objective/event: the objective an event belongs to (a flood under disaster relief).',
  })
  parentCode?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'screen-status: RESULT (accepted, partly accepted, rejected) or CLASSIFICATION (urgency).',
  })
  group?: string | null;
}
