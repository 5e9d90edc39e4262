import { join } from 'node:path';
import { DataloaderType, type EntitySchema } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { migrationsList } from '../../../../migrations/index';
import { findRepoRoot } from '../config';
import type { Logger } from '../logger';

export type Orm = MikroORM;

export const migrationsTable = 'mikro_orm_migrations';

export async function createOrm(url: string, entities: EntitySchema[], log: Logger): Promise<Orm> {
  return MikroORM.init({
    clientUrl: url,
    entities,
    extensions: [Migrator],
    // Reference and Collection loads in one request are batched into one query per relation.
    dataloader: DataloaderType.ALL,
    // Every request works on its own fork; using the global context is a bug we want to hear about.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: 10 },
    discovery: { warnWhenNoEntities: true },
    migrations: {
      tableName: migrationsTable,
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      // Where `db:migration:create` writes; running uses migrationsList, so bundles need no files.
      path: join(findRepoRoot(), 'migrations'),
    },
    logger: (message: string) => log.debug({ orm: message }, 'orm'),
  });
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const pending = await orm.migrator.getPending();
  return pending.map((m) => m.name);
}
