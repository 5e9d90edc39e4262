import type { DocumentKitContribution } from '../../kits/documents/document-types';
import type { FeatureModule } from '../../platform/module';
import { goodsDonation } from './goods-donation.document';
import { seedDemoGoodsDonations } from './goods-donation.seed';

/**
 * Goods donations (donate-things): the document type is declared in goods-donation.document.ts and
 * served by the document kit; this module adds its demo data.
 */
export const goodsDonationsModule: FeatureModule & DocumentKitContribution = {
  name: 'goods-donations',
  documentTypes: [goodsDonation],
  demoSeeds: [{ name: 'goods donations', run: ({ em }) => seedDemoGoodsDonations(em) }],
};
