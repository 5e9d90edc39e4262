// type-graphql's decorators need the metadata polyfill before any decorated class is evaluated.
import 'reflect-metadata';
import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { geographyEntities } from './features/geography/geography.entity';
import { ProvinceFieldsResolver } from './features/geography/geography.resolver';
import { seedGeography } from './features/geography/geography.seed';
import { OrganisationUnitSchema } from './features/organisation/organisation.entity';
import { OrganisationResolver } from './features/organisation/organisation.resolver';
import { organisationRoutes } from './features/organisation/organisation.routes';
import { seedDemoOrganisation } from './features/organisation/organisation.seed';
import type { ResolverClass } from './platform/graphql/schema';
import type { RestRoute } from './platform/http/rest';

// The one place a feature plugs in: its entities, resolvers, REST routes and seeds.

export const entities: EntitySchema[] = [...geographyEntities, OrganisationUnitSchema] as EntitySchema[];

export const resolvers: ResolverClass[] = [OrganisationResolver, ProvinceFieldsResolver];

export const restRoutes: RestRoute[] = [...organisationRoutes];

export interface SeedContext {
  em: EntityManager;
  repoRoot: string;
}

/** Reference data every installation needs; idempotent, run on every start. */
export const referenceSeeds: { name: string; run: (ctx: SeedContext) => Promise<unknown> }[] = [
  { name: 'geography', run: ({ em, repoRoot }) => seedGeography(em, repoRoot) },
];

/** Demo data for the embedded database outside production; each adds only what is missing. */
export const demoSeeds: { name: string; run: (ctx: SeedContext) => Promise<unknown> }[] = [
  { name: 'organisation', run: ({ em }) => seedDemoOrganisation(em) },
];
