import type { EntitySchema } from '@mikro-orm/core';
import { geographyEntities } from '../../kits/core/geography.entity';
import type { FeatureModule } from '../../platform/module';
import { filesDigest } from '../../platform/seed-runs';
import { geographyDir } from './geography.data';
import {
  DistrictFieldsResolver,
  GeographyResolver,
  ProvinceFieldsResolver,
  SubDistrictFieldsResolver,
} from './geography.resolver';
import { geographyRoutes } from './geography.routes';
import { seedGeography } from './geography.seed';

/** Thai provinces, districts and sub-districts: public reads, loaded at a start that finds them changed. */
export const geographyModule: FeatureModule = {
  name: 'geography',
  entities: geographyEntities as EntitySchema[],
  resolvers: [GeographyResolver, ProvinceFieldsResolver, DistrictFieldsResolver, SubDistrictFieldsResolver],
  routes: () => geographyRoutes(),
  referenceSeeds: [
    {
      name: 'geography',
      run: ({ em, repoRoot }) => seedGeography(em, repoRoot),
      inputs: ({ repoRoot }) => filesDigest(geographyDir(repoRoot)),
    },
  ],
};
