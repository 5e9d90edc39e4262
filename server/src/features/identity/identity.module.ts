import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import { identityEntities } from './identity.entity';
import { IdentityResolver } from './identity.resolver';
import { identityRoutes } from './identity.routes';

/** Logins, sessions, tokens, password changes and resets. */
export const identityModule: FeatureModule = {
  name: 'identity',
  entities: identityEntities as EntitySchema[],
  resolvers: [IdentityResolver],
  routes: (deps) => identityRoutes(deps),
};
