import type { FeatureModule } from '../../platform/module';
import { PersonalDataResolver } from './personal-data.resolver';
import { personalDataRoutes } from './personal-data.routes';
import { PersonalDataRequestSchema } from './personal-data-request.entity';

/**
 * Personal data rights (PDPA; docs/public-site.md): a donor sees and downloads their own data and asks
 * for deletion from their account; staff holding edit-donator (MN-020) with the whole organisation in
 * their scope anonymise the person or reject the request with a reason.
 */
export const personalDataModule: FeatureModule = {
  name: 'personal-data',
  entities: [PersonalDataRequestSchema],
  resolvers: [PersonalDataResolver],
  routes: (deps) => personalDataRoutes(deps),
  describeAccess: () => [
    'decidePersonalDataRequest: the deletion workflow (COMPLETE, REJECT: MN-020) on a request owned by the organisation root, so only staff whose scope is the whole organisation (ministry staff, system administrators) decide; others 403',
    'personalDataRequests, the reference kit’s DONATOR reads, document details and lists with a donor, receipt prints, receipt requests: one PERSONAL_DATA_READ audit event per request listing the ids read',
  ],
};
