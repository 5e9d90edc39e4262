import type { EntitySchema } from '@mikro-orm/core';
import { OrganisationUnitSchema } from '../../kits/core/organisation.entity';
import type { FeatureModule } from '../../platform/module';
import { OrganisationResolver } from './organisation.resolver';
import { organisationRoutes } from './organisation.routes';
import { seedDemoOrganisation } from './organisation.seed';

/** The organisation tree (ministry > department > bureau > division) and its public lists. */
export const organisationModule: FeatureModule = {
  name: 'organisation',
  entities: [OrganisationUnitSchema] as EntitySchema[],
  resolvers: [OrganisationResolver],
  routes: () => organisationRoutes,
  demoSeeds: [{ name: 'organisation', run: ({ em }) => seedDemoOrganisation(em) }],
};
