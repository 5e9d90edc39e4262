import type { FeatureModule } from '../../platform/module';
import { donationHistoryExport } from './donation-history.export';
import { DonationHistoryResolver } from './donation-history.resolver';

/**
 * The ministry's donation history (view-donation-history-MSDHS, MN-058): goods and money donations
 * read together, within the caller's data scope. It owns no table; it reads the donation documents.
 */
export const donationHistoryModule: FeatureModule = {
  name: 'donation-history',
  resolvers: [DonationHistoryResolver],
  routes: () => [donationHistoryExport],
  describeAccess: () => [
    'Query.donationHistory: rows only of documents whose owner unit is in the caller’s data scope; a unitCode outside it is 403 (audited)',
    'Query.donationHistoryTotals: sums only of those rows, with the same filters and scope checks as Query.donationHistory',
    'GET /api/export/donation-history: the rows, filters, order and data scope of Query.donationHistory (its own statement); each export audited (EXPORT)',
  ],
};
