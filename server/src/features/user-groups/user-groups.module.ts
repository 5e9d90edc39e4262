import type { EntitySchema } from '@mikro-orm/core';
import { MenuEntrySchema } from '../../kits/core/menu.entity';
import { UserGroupMenuSchema, UserGroupSchema } from '../../kits/core/user-group.entity';
import type { FeatureModule } from '../../platform/module';
import { userGroupExport } from './user-group.export';
import { UserGroupResolver } from './user-group.resolver';
import { userGroupRoutes } from './user-group.routes';
import { seedMenuCatalogue, seedUserGroups } from './user-group.seed';

/** User groups and the menu catalogue they are granted from. */
export const userGroupsModule: FeatureModule = {
  name: 'user-groups',
  entities: [MenuEntrySchema, UserGroupSchema, UserGroupMenuSchema] as EntitySchema[],
  resolvers: [UserGroupResolver],
  routes: () => [...userGroupRoutes, userGroupExport],
  describeAccess: () => [
    'GET /api/export/user-groups: the rows of Query.userGroups (filters); each export audited (EXPORT)',
  ],
  referenceSeeds: [
    { name: 'menu catalogue', run: ({ em }) => seedMenuCatalogue(em) },
    { name: 'user groups', run: ({ em }) => seedUserGroups(em) },
  ],
};
