import type { DocumentKitContribution } from '../../kits/documents/document-types';
import type { FeatureModule } from '../../platform/module';
import { moneyDonation } from './money-donation.document';
import { seedDemoMoneyDonations } from './money-donations.seed';

/**
 * Money donations (docs/receipts.md). The MONEY_DONATION document type is declared with the
 * document kit (document-types.ts) and issues its receipts through features/receipts; this module
 * adds the demo donations.
 */
export const moneyDonationsModule: FeatureModule & DocumentKitContribution = {
  name: 'money-donations',
  documentTypes: [moneyDonation],
  demoSeeds: [{ name: 'money donations', run: ({ em }) => seedDemoMoneyDonations(em) }],
};
