import type { FeatureModule } from '../../platform/module';
import { seedDemoDisbursements } from './disbursements.seed';

/**
 * Resource and money disbursements (MN-067..MN-089, docs/giving-out.md). The document types are
 * declared in resource-disbursement.document.ts and money-disbursement.document.ts and served by
 * the document kit; this module adds their demo documents.
 */
export const disbursementsModule: FeatureModule = {
  name: 'disbursements',
  demoSeeds: [{ name: 'disbursements', run: ({ em }) => seedDemoDisbursements(em) }],
};
