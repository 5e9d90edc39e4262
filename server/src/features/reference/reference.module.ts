import type { FeatureModule } from '../../platform/module';
import { ReferenceResolver } from './reference.resolver';
import { referenceRoutes } from './reference.routes';
import { seedDemoReferenceData } from './reference.seed';
import { referenceExport } from './reference-export';
import { describeReferenceAccess, referenceEntities } from './reference-types';

/** The reference-data kit and every basic-data type declared on it. */
export const referenceModule: FeatureModule = {
  name: 'reference',
  entities: referenceEntities,
  resolvers: [ReferenceResolver],
  routes: () => [...referenceRoutes(), referenceExport],
  demoSeeds: [{ name: 'reference data', run: ({ em }) => seedDemoReferenceData(em) }],
  describeAccess: describeReferenceAccess,
};
