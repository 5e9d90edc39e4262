import type { EntitySchema } from '@mikro-orm/core';
import { UserSchema } from '../../kits/core/user.entity';
import type { FeatureModule } from '../../platform/module';
import { userExport } from './user.export';
import { TransferRequestResolver, UserResolver } from './user.resolver';
import { userRoutes } from './user.routes';
import { seedDemoAccounts, seedFirstAdministrator } from './user.seed';

/** Staff and donor accounts: registration, approval, activation, administration, transfers. */
export const usersModule: FeatureModule = {
  name: 'users',
  entities: [UserSchema] as EntitySchema[],
  resolvers: [UserResolver, TransferRequestResolver],
  routes: (deps) => [...userRoutes(deps), userExport()],
  referenceSeeds: [
    {
      name: 'first administrator',
      run: ({ em, config }) => seedFirstAdministrator(em, config),
      // A new ADMIN_USERNAME (or a password given where there was none) is seeded at the next start.
      inputs: ({ config }) => [config.adminUsername ?? null, Boolean(config.adminPassword)],
    },
  ],
  demoSeeds: [{ name: 'demo accounts', run: ({ em }) => seedDemoAccounts(em) }],
  describeAccess: () => [
    'GET /api/export/users: the rows of Query.users (the caller’s organisation subtree, filters); no citizen id; each export audited (EXPORT)',
  ],
};
