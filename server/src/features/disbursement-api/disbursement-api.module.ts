import { describeAccess } from '../../platform/graphql/access';
import type { FeatureModule } from '../../platform/module';
import { resourceDisbursement } from '../disbursements';
import {
  MoneyDisbursementPageResolver,
  MoneyDisbursementResolver,
  ResourceDisbursementPageResolver,
  ResourceDisbursementResolver,
} from './disbursement.resolver';
import { benchDisbursementsRoute } from './resource-disbursements.bench-route';

/**
 * The disbursements API for staff and integrators (docs/disbursements-api.md): resource and money
 * disbursements as typed, nested GraphQL objects (support request, storage, lines, resources,
 * account, delivery), read through per-request batch loaders. With BENCH_ROUTES=1 it also serves the
 * bench's hand-written SQL page.
 */
export const disbursementApiModule: FeatureModule = {
  name: 'disbursement-api',
  resolvers: [
    ResourceDisbursementResolver,
    ResourceDisbursementPageResolver,
    MoneyDisbursementResolver,
    MoneyDisbursementPageResolver,
  ],
  routes: (deps) => (deps.config.benchRoutes ? [benchDisbursementsRoute] : []),
  describeAccess: () => [
    `GET /api/bench/resource-disbursements (only with BENCH_ROUTES=1): ${describeAccess({ kind: 'menu', codes: resourceDisbursement.menus.view })} Data scope as resourceDisbursements.`,
  ],
};
