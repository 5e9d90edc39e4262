import type { DocumentKitContribution } from '../../kits/documents/document-types';
import type { FeatureModule } from '../../platform/module';
import { seedDemoDisbursements } from './disbursements.seed';
import { moneyDisbursement } from './money-disbursement.document';
import { resourceDisbursement } from './resource-disbursement.document';

/**
 * Resource and money disbursements (MN-067..MN-089, docs/giving-out.md). The document types are
 * declared in resource-disbursement.document.ts and money-disbursement.document.ts and served by
 * the document kit; this module adds their demo documents.
 */
export const disbursementsModule: FeatureModule & DocumentKitContribution = {
  name: 'disbursements',
  documentTypes: [resourceDisbursement, moneyDisbursement],
  demoSeeds: [{ name: 'disbursements', run: ({ em }) => seedDemoDisbursements(em) }],
};
