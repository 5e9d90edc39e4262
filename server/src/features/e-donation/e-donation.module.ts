import type { FeatureModule } from '../../platform/module';
import { eDonationExport } from './e-donation.export';
import { EDonationResolver } from './e-donation.resolver';
import { EDonationMarkSchema } from './e-donation-mark.entity';

/**
 * The e-Donation export (export-data-revenue MN-111, view-data-revenue MN-112; docs/e-donation.md):
 * approved money donations and valued goods donations as the Revenue Department's e-Donation system
 * takes them, with the marks of rows keyed into it.
 */
export const eDonationModule: FeatureModule = {
  name: 'e-donation',
  entities: [EDonationMarkSchema],
  resolvers: [EDonationResolver],
  routes: () => [eDonationExport],
  describeAccess: () => [
    'Query.eDonationRows: rows only of donations whose owner unit is in the caller’s data scope; a unitCode outside it is 403 (audited)',
    'GET /api/export/e-donation: MN-111; the same rows and scope as Query.eDonationRows (a unitCode outside the scope is 403, audited), audited as EXPORT',
    'Mutation.markEDonationKeyed / unmarkEDonationKeyed: each row named must be a donation in the caller’s data scope (404 none, 403 audited outside it, 409 not an e-Donation row)',
  ],
};
