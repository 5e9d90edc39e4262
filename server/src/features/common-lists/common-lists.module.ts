import type { FeatureModule } from '../../platform/module';
import { CommonListResolver } from './common-lists.resolver';
import { commonListRoutes } from './common-lists.routes';

/** Fixed lists of the specification (banks, objectives, donor types, ...). */
export const commonListsModule: FeatureModule = {
  name: 'common-lists',
  resolvers: [CommonListResolver],
  routes: () => commonListRoutes,
};
