import type { FeatureModule } from '../../platform/module';
import { seedDemoGoodsDonations } from './goods-donation.seed';

/**
 * Goods donations (donate-things): the document type is declared in goods-donation.document.ts and
 * served by the document kit; this module adds its demo data.
 */
export const goodsDonationsModule: FeatureModule = {
  name: 'goods-donations',
  demoSeeds: [{ name: 'goods donations', run: ({ em }) => seedDemoGoodsDonations(em) }],
};
