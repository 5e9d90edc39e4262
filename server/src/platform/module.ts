import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from './config';
import type { AppDeps } from './deps';
import type { ResolverClass } from './graphql/schema';
import type { RestRoute } from './http/rest';
import type { JobDefinition } from './jobs/job-queue';

// A feature plugs into the application as one module: its tables, GraphQL resolvers, REST routes,
// seeds and access declarations. server/src/registry.ts is the list of modules; the platform reads
// modules and never imports a feature.

export interface SeedContext {
  em: EntityManager;
  repoRoot: string;
  config: AppConfig;
}

export interface Seed {
  name: string;
  run(ctx: SeedContext): Promise<unknown>;
  /**
   * What the seed reads besides the server's code (data files, settings), as a JSON value: a start
   * skips a seed already run at the same code and inputs (platform/seed-runs.ts).
   */
  inputs?(ctx: Omit<SeedContext, 'em'>): unknown;
}

export interface FeatureModule {
  name: string;
  entities?: readonly EntitySchema[];
  resolvers?: readonly ResolverClass[];
  routes?: (deps: AppDeps) => readonly RestRoute[];
  /** Data every installation needs; idempotent, run in module order at a start that finds it changed. */
  referenceSeeds?: readonly Seed[];
  /** Demo data for the embedded database outside production; each adds only what is missing. */
  demoSeeds?: readonly Seed[];
  /**
   * Access rules the service layer checks below a root field (e.g. a reference type's own menu codes
   * behind the kit's shared fields), one line each, for the access snapshot reviewers read.
   */
  describeAccess?: () => readonly string[];
  /** Jobs of the queue in PostgreSQL (platform/jobs, docs/jobs.md), daily ones with their time. */
  jobs?: readonly JobDefinition[];
}
