import type { FeatureModule } from '../../platform/module';
import { DonorAccountResolver } from './donor-account.resolver';
import { seedDemoDonorHistory } from './donor-account.seed';
import { donorAccountEntities } from './donor-link.entity';
import { donorReceiptRoutes } from './donor-receipt.routes';

/**
 * The donor's own history (/user/donation-history, group UG-I01; docs/public-site.md): links from a
 * donor account to donator records, verified by the e-mail on record; the linked donators' donations,
 * receipts (downloadable as PDF) and totals per tax year.
 */
export const donorAccountModule: FeatureModule = {
  name: 'donor-account',
  entities: donorAccountEntities,
  resolvers: [DonorAccountResolver],
  routes: (deps) => donorReceiptRoutes(deps),
  demoSeeds: [{ name: 'demo donor history', run: ({ em }) => seedDemoDonorHistory(em) }],
  describeAccess: () => [
    'donor fields and /api/my/*: only the donators linked to the donor’s account (a link holds while the donator’s e-mail on record is the one verified); anything else, by id, is 404',
  ],
};
