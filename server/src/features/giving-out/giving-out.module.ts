import type { FeatureModule } from '../../platform/module';
import { seedDemoGivingOut } from './giving-out.seed';

/**
 * Giving out (issue 12): support requests (MN-060..MN-066) and distributions of donated goods
 * (MN-093..MN-099). The document types are declared in support-request.document.ts and
 * distribution.document.ts and served by the document kit; this module adds their demo documents.
 */
export const givingOutModule: FeatureModule = {
  name: 'giving-out',
  demoSeeds: [{ name: 'giving-out', run: ({ em }) => seedDemoGivingOut(em) }],
};
