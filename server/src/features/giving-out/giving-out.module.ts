import type { DocumentKitContribution } from '../../kits/documents/document-types';
import type { FeatureModule } from '../../platform/module';
import { distribution } from './distribution.document';
import { seedDemoGivingOut } from './giving-out.seed';
import { supportRequest } from './support-request.document';

/**
 * Giving out (issue 12): support requests (MN-060..MN-066) and distributions of donated goods
 * (MN-093..MN-099). The document types are declared in support-request.document.ts and
 * distribution.document.ts and served by the document kit; this module adds their demo documents.
 */
export const givingOutModule: FeatureModule & DocumentKitContribution = {
  name: 'giving-out',
  documentTypes: [supportRequest, distribution],
  demoSeeds: [{ name: 'giving-out', run: ({ em }) => seedDemoGivingOut(em) }],
};
