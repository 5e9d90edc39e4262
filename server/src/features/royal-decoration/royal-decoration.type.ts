import { Field, Int, ObjectType } from 'type-graphql';
import { DocumentTypeName } from '../../kits/documents/document.type';
import { Identity } from '../../platform/graphql/identity';

// Royal decoration settings and eligible donors as GraphQL reads them (docs/royal-decoration.md).
// Money is a decimal string with two decimals.

@ObjectType('RoyalDecorationClass', {
  description: 'A class of the Order of Direkgunabhorn and the cumulative donation value it asks for.',
})
export class RoyalDecorationClassType {
  @Field(() => String) code!: string;
  @Field(() => Int, { description: '1 = the lowest class.' }) rank!: number;
  @Field(() => String) nameTh!: string;
  @Field(() => String) nameEn!: string;
  @Field(() => String) abbreviation!: string;
  @Field(() => String, { description: 'The cumulative donation value the class asks for, baht.' })
  minValue!: string;
  @Field(() => Date) updatedAt!: Date;
}

@Identity('documentType', 'id')
@ObjectType('EligibleDonation', { description: 'An approved donation not yet counted in a proposal.' })
export class EligibleDonationType {
  @Field(() => DocumentTypeName, { description: 'MONEY_DONATION or GOODS_DONATION.' }) documentType!: string;
  @Field(() => Int) id!: number;
  @Field(() => String) number!: string;
  @Field(() => String, { description: 'yyyy-mm-dd' }) donatedOn!: string;
  @Field(() => String, { description: 'Baht.' }) value!: string;
}

@ObjectType('EligibleDonor', {
  description: 'A donor whose donations not yet counted reach the lowest class (report 4.5).',
})
export class EligibleDonorType {
  @Field(() => Int) donorId!: number;
  @Field(() => String) donorCode!: string;
  @Field(() => String) donorNameTh!: string;
  @Field(() => String, { nullable: true }) donorNameEn!: string | null;
  @Field(() => String, { description: 'PERSON or JURISTIC.' }) donorType!: string;
  @Field(() => Int) donationCount!: number;
  @Field(() => String, { description: 'Baht.' }) totalValue!: string;
  @Field(() => String, { description: 'The class the total reaches (RoyalDecorationClass.code).' })
  classCode!: string;
  @Field(() => [EligibleDonationType]) donations!: EligibleDonationType[];
}

@ObjectType('EligibleDonors')
export class EligibleDonorsType {
  @Field(() => Int, { description: 'The fiscal year (B.E.): donations dated up to its 30 September.' })
  fiscalYear!: number;
  @Field(() => [EligibleDonorType]) donors!: EligibleDonorType[];
}

@Identity('id')
@ObjectType('StartedRoyalDecorationProposal', {
  description: 'A draft proposal started from the eligible list.',
})
export class StartedProposalType {
  @Field(() => Int) id!: number;
  @Field(() => String) number!: string;
}

@Identity('documentType', 'id')
@ObjectType('RoyalDecorationDonationChoice', {
  description:
    "An approved donation a proposal's line may count for the chosen donor and fiscal year (the save's own rule).",
})
export class RoyalDecorationDonationChoiceType {
  @Field(() => DocumentTypeName, { description: 'MONEY_DONATION or GOODS_DONATION.' }) documentType!: string;
  @Field(() => Int) id!: number;
  @Field(() => String) number!: string;
  @Field(() => String, { description: 'yyyy-mm-dd' }) donatedOn!: string;
  @Field(() => Int) donorId!: number;
  @Field(() => String) donorNameTh!: string;
  @Field(() => String, { nullable: true }) donorNameEn!: string | null;
  @Field(() => String, { description: 'Baht.' }) value!: string;
}
