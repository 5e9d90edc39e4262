// type-graphql's decorators need the metadata polyfill before any decorated class is evaluated.
import 'reflect-metadata';
import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CommonListResolver } from './features/common-lists/common-lists.resolver';
import { commonListRoutes } from './features/common-lists/common-lists.routes';
import { geographyEntities } from './features/geography/geography.entity';
import {
  DistrictFieldsResolver,
  GeographyResolver,
  ProvinceFieldsResolver,
  SubDistrictFieldsResolver,
} from './features/geography/geography.resolver';
import { geographyRoutes } from './features/geography/geography.routes';
import { seedGeography } from './features/geography/geography.seed';
import { identityEntities } from './features/identity/identity.entity';
import { IdentityResolver } from './features/identity/identity.resolver';
import { identityRoutes } from './features/identity/identity.routes';
import { MenuEntrySchema } from './features/menus/menu.entity';
import { OrganisationUnitSchema } from './features/organisation/organisation.entity';
import { OrganisationResolver } from './features/organisation/organisation.resolver';
import { organisationRoutes } from './features/organisation/organisation.routes';
import { seedDemoOrganisation } from './features/organisation/organisation.seed';
import { ReferenceResolver } from './features/reference/reference.resolver';
import { referenceRoutes } from './features/reference/reference.routes';
import { seedDemoReferenceData } from './features/reference/reference.seed';
import { referenceEntities } from './features/reference/reference-types';
import { UserGroupSchema } from './features/user-groups/user-group.entity';
import { UserGroupResolver } from './features/user-groups/user-group.resolver';
import { userGroupRoutes } from './features/user-groups/user-group.routes';
import { seedMenuCatalogue, seedUserGroups } from './features/user-groups/user-group.seed';
import { UserSchema } from './features/users/user.entity';
import { TransferRequestResolver, UserResolver } from './features/users/user.resolver';
import { userRoutes } from './features/users/user.routes';
import { seedDemoAccounts, seedFirstAdministrator } from './features/users/user.seed';
import { AuditEventSchema } from './platform/audit/audit-event.entity';
import type { AppConfig } from './platform/config';
import type { AppDeps } from './platform/deps';
import type { ResolverClass } from './platform/graphql/schema';
import type { RestRoute } from './platform/http/rest';
import { MailOutboxSchema } from './platform/mail/mail-outbox.entity';

// The one place a feature plugs in: its entities, resolvers, REST routes and seeds.

export const entities: EntitySchema[] = [
  ...geographyEntities,
  OrganisationUnitSchema,
  MenuEntrySchema,
  UserGroupSchema,
  UserSchema,
  ...identityEntities,
  AuditEventSchema,
  MailOutboxSchema,
  ...referenceEntities,
] as EntitySchema[];

export const resolvers: ResolverClass[] = [
  OrganisationResolver,
  ProvinceFieldsResolver,
  GeographyResolver,
  DistrictFieldsResolver,
  SubDistrictFieldsResolver,
  CommonListResolver,
  IdentityResolver,
  UserResolver,
  TransferRequestResolver,
  UserGroupResolver,
  ReferenceResolver,
];

export const restRoutes = (deps: AppDeps): RestRoute[] => [
  ...organisationRoutes,
  ...geographyRoutes(),
  ...commonListRoutes,
  ...identityRoutes(deps),
  ...userRoutes(deps),
  ...userGroupRoutes,
  ...referenceRoutes(),
];

export interface SeedContext {
  em: EntityManager;
  repoRoot: string;
  config: AppConfig;
}

/** Reference data every installation needs; idempotent, run on every start. */
export const referenceSeeds: { name: string; run: (ctx: SeedContext) => Promise<unknown> }[] = [
  { name: 'geography', run: ({ em, repoRoot }) => seedGeography(em, repoRoot) },
  { name: 'menu catalogue', run: ({ em }) => seedMenuCatalogue(em) },
  { name: 'user groups', run: ({ em }) => seedUserGroups(em) },
  { name: 'first administrator', run: ({ em, config }) => seedFirstAdministrator(em, config) },
];

/** Demo data for the embedded database outside production; each adds only what is missing. */
export const demoSeeds: { name: string; run: (ctx: SeedContext) => Promise<unknown> }[] = [
  { name: 'organisation', run: ({ em }) => seedDemoOrganisation(em) },
  { name: 'demo accounts', run: ({ em }) => seedDemoAccounts(em) },
  { name: 'reference data', run: ({ em }) => seedDemoReferenceData(em) },
];
