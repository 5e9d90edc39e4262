import { join } from 'node:path';
import { DataloaderType, type EntitySchema } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { migrationsList } from '../../../../migrations/index';
import { findRepoRoot } from '../config';
import type { Logger } from '../logger';
import { PipelinedPostgreSqlDriver } from './pipelined-begin';

export type Orm = MikroORM;

export const migrationsTable = 'mikro_orm_migrations';

/** How this process's connections show in pg_stat_activity, and their limits (docs/metrics.md). */
export interface SessionOptions {
  /** `application_name`: namjai-server for the server's requests, namjai-migrate for migrations. */
  applicationName: string;
  /** Connections of the pool (DB_POOL_MAX for the server). */
  poolMax?: number;
  /** `statement_timeout` in ms; 0 or unset: none (migrations, scripts). */
  statementTimeoutMs?: number;
}

export async function createOrm(
  url: string,
  entities: EntitySchema[],
  log: Logger,
  session: SessionOptions = { applicationName: 'namjai' },
): Promise<Orm> {
  return MikroORM.init({
    // A transaction's BEGIN goes out with its first statement (pipelined-begin.ts).
    driver: PipelinedPostgreSqlDriver,
    clientUrl: url,
    // Read by `pg` at connect: startup parameters of every connection of the pool.
    driverOptions: {
      application_name: session.applicationName,
      ...(session.statementTimeoutMs ? { statement_timeout: session.statementTimeoutMs } : {}),
      // A named prepared statement (prepared.ts; the only statements with bound parameters: MikroORM
      // writes its parameters into the text) is planned once per connection, not at every run
      // (docs/benchmarks.md, "What a posting costs").
      options: '-c plan_cache_mode=force_generic_plan',
      // Pipeline mode: a statement is written as soon as it is made, not after the answers of those
      // before it on the connection (they come back in order). What it saves: a transaction's BEGIN
      // goes with its first statement (pipelined-begin.ts).
      pipeline: true,
    },
    entities,
    extensions: [Migrator],
    // Reference and Collection loads in one request are batched into one query per relation.
    dataloader: DataloaderType.ALL,
    // Every request works on its own fork; using the global context is a bug we want to hear about.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: session.poolMax ?? 10 },
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

/**
 * Applies every pending migration, then the server role's privileges (`namjai_app_privileges()`, which
 * the app-role migration creates: applied again at every run, so a role created after it, or a table
 * a later migration adds, gets them; docs/database-roles.md). Run as the owner role. Returns the names
 * applied.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  // All in one transaction (allOrNothing) without the server's statement_timeout: an index built
  // on a large table may take minutes, and cutting it would leave the server unable to start.
  const conn = orm.em.getConnection();
  const applied = await conn.transactional(async (trx) => {
    await conn.execute('set local statement_timeout = 0', [], 'run', trx);
    return orm.migrator.up({ transaction: trx });
  });
  await applyAppPrivileges(orm);
  return applied.map((m) => m.name);
}

const privilegesPresentSql = `select to_regprocedure('public.namjai_app_privileges()') is not null as present`;
const privilegesSql = 'select public.namjai_app_privileges()';

/** Grants namjai_app what the server needs, when the migrations created the function that does. */
export async function applyAppPrivileges(orm: Orm): Promise<void> {
  const conn = orm.em.getConnection();
  const [{ present }] = await conn.execute<{ present: boolean }[]>(privilegesPresentSql);
  if (present) await conn.execute(privilegesSql);
}

/** The migrations of migrationsList the database (through `client`) has not recorded as applied. */
export async function unappliedMigrations(client: pg.Client): Promise<string[]> {
  const names = migrationsList.map((m) => m.name);
  const { rows } = await client.query<{ present: boolean }>(
    `select to_regclass('public.${migrationsTable}') is not null as present`,
  );
  if (!rows[0]?.present) return names;
  const done = new Set(
    (await client.query<{ name: string }>(`select name from ${migrationsTable}`)).rows.map((r) => r.name),
  );
  return names.filter((n) => !done.has(n));
}

/**
 * Migrates the database of `ownerUrl` through a short-lived ORM of the owner role; the names applied.
 * A warm start (every migration recorded) reads the migrations table over one plain connection and
 * applies the server role's privileges there, without building an ORM (docs/start-and-memory.md).
 */
export async function migrateAsOwner(
  ownerUrl: string,
  entities: EntitySchema[],
  log: Logger,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: ownerUrl, application_name: 'namjai-migrate' });
  await client.connect();
  try {
    if ((await unappliedMigrations(client)).length === 0) {
      const { rows } = await client.query<{ present: boolean }>(privilegesPresentSql);
      if (rows[0]?.present) await client.query(privilegesSql);
      return [];
    }
  } finally {
    await client.end();
  }
  const orm = await createOrm(ownerUrl, entities, log, { applicationName: 'namjai-migrate' });
  try {
    return await migrate(orm);
  } finally {
    await orm.close();
  }
}

export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const pending = await orm.migrator.getPending();
  return pending.map((m) => m.name);
}
