import type { EntitySchema } from '@mikro-orm/core';
import { geographyEntities } from '../../kits/core/geography.entity';
import type { FeatureModule } from '../../platform/module';
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
