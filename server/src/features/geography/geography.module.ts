import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import { geographyEntities } from './geography.entity';
import {
  DistrictFieldsResolver,
  GeographyResolver,
  ProvinceFieldsResolver,
  SubDistrictFieldsResolver,
} from './geography.resolver';
import { geographyRoutes } from './geography.routes';
import { seedGeography } from './geography.seed';

/** Thai provinces, districts and sub-districts: public reads, loaded on every start. */
export const geographyModule: FeatureModule = {
  name: 'geography',
  entities: geographyEntities as EntitySchema[],
  resolvers: [GeographyResolver, ProvinceFieldsResolver, DistrictFieldsResolver, SubDistrictFieldsResolver],
  routes: () => geographyRoutes(),
  referenceSeeds: [{ name: 'geography', run: ({ em, repoRoot }) => seedGeography(em, repoRoot) }],
};
