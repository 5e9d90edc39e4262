import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import { MenuEntrySchema } from '../menus/menu.entity';
import { UserGroupSchema } from './user-group.entity';
import { userGroupExport } from './user-group.export';
import { UserGroupResolver } from './user-group.resolver';
import { userGroupRoutes } from './user-group.routes';
import { seedMenuCatalogue, seedUserGroups } from './user-group.seed';

/** User groups and the menu catalogue they are granted from. */
export const userGroupsModule: FeatureModule = {
  name: 'user-groups',
  entities: [MenuEntrySchema, UserGroupSchema] as EntitySchema[],
  resolvers: [UserGroupResolver],
  routes: () => [...userGroupRoutes, userGroupExport],
  referenceSeeds: [
    { name: 'menu catalogue', run: ({ em }) => seedMenuCatalogue(em) },
    { name: 'user groups', run: ({ em }) => seedUserGroups(em) },
  ],
};
