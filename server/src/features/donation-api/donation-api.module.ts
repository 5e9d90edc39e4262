import { describeAccess } from '../../platform/graphql/access';
import type { FeatureModule } from '../../platform/module';
import { goodsDonation } from '../donations';
import { MoneyAccountOrganisationResolver, StorageOrganisationResolver } from './donation-parts.resolver';
import {
  GoodsDonationItemResolver,
  GoodsDonationPageResolver,
  GoodsDonationResolver,
} from './goods-donation.resolver';
import { benchGoodsRoute } from './goods-donations.bench-route';
import { MoneyDonationPageResolver, MoneyDonationResolver } from './money-donation.resolver';

/**
 * The donations API for integrators (docs/donations-api.md): goods and money donations as typed,
 * nested GraphQL objects (donor, items, resources, storage, units, account, receipt), read through
 * per-request batch loaders. With BENCH_ROUTES=1 it also serves the bench's hand-written SQL page.
 */
export const donationApiModule: FeatureModule = {
  name: 'donation-api',
  resolvers: [
    GoodsDonationResolver,
    GoodsDonationItemResolver,
    GoodsDonationPageResolver,
    MoneyDonationResolver,
    MoneyDonationPageResolver,
    StorageOrganisationResolver,
    MoneyAccountOrganisationResolver,
  ],
  routes: (deps) => (deps.config.benchRoutes ? [benchGoodsRoute] : []),
  describeAccess: () => [
    `GET /api/bench/goods-donations (only with BENCH_ROUTES=1): ${describeAccess({ kind: 'menu', codes: goodsDonation.menus.view })} Data scope as goodsDonations.`,
  ],
};
