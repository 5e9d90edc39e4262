import type { EntitySchema } from '@mikro-orm/core';
import type { DocumentKitContribution } from '../../kits/documents/document-types';
import type { FeatureModule } from '../../platform/module';
import { RoyalDecorationClassSchema, seedDecorationClasses } from './decoration-classes';
import { royalDecoration } from './royal-decoration.document';
import { RoyalDecorationResolver } from './royal-decoration.resolver';

/**
 * Royal decoration proposals (MN-107..MN-110, docs/royal-decoration.md). The document type is declared
 * in royal-decoration.document.ts and served by the document kit; this module adds the classes'
 * settings table (seeded with demo values), its edit, the eligible donors (report 4.5) and the pick
 * list of a proposal line's donation.
 */
export const royalDecorationModule: FeatureModule & DocumentKitContribution = {
  name: 'royal-decoration',
  documentTypes: [royalDecoration],
  entities: [RoyalDecorationClassSchema as unknown as EntitySchema],
  resolvers: [RoyalDecorationResolver],
  referenceSeeds: [{ name: 'royal-decoration-classes', run: ({ em }) => seedDecorationClasses(em) }],
  describeAccess: () => [
    'Query.royalDecorationEligibleDonors: only donations whose owner unit is in the caller’s data scope',
    'Query.royalDecorationDonationChoices: only the donor’s donations whose owner unit is in the caller’s data scope, by the rule a proposal’s save applies',
  ],
};
