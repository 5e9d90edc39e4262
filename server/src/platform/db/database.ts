import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import { startEmbeddedPostgres } from './embedded-postgres';
import { APP_ROLE, ensureDatabaseOwner, ensureLoginRoles, quoteIdent } from './roles';

export interface DatabaseHandle {
  /** The server's connection (its request traffic): the app role (docs/database-roles.md). */
  url: string;
  /** The owner role's connection, for the migrations; the same as `url` with a single role. */
  ownerUrl: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export const embeddedDatabaseName = 'namjai';

/** The embedded database's owner role; the server logs in as namjai_app (roles.ts). */
export const EMBEDDED_OWNER_ROLE = 'namjai_owner';

/**
 * Creates `name` on the server of `adminUrl` when it does not exist yet, owned by `owner` when given
 * (else by the connecting role), from `template` when given.
 */
export async function ensureDatabase(
  adminUrl: string,
  name: string,
  options: { template?: string; owner?: string } = {},
): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await client.query(
      `create database ${quoteIdent(name)}${options.owner ? ` owner ${quoteIdent(options.owner)}` : ''}` +
        `${options.template ? ` template ${quoteIdent(options.template)}` : ''} encoding 'UTF8'`,
    );
    return true;
  } finally {
    await client.end();
  }
}

/**
 * `DATABASE_URL` (the server's role) and `DATABASE_OWNER_URL` (the owner's, for migrations; the same
 * URL when unset) when set; otherwise the embedded PostgreSQL under `$DATA_DIR/postgres`, where the
 * bootstrap creates both roles and gives the owner the database (also one created before the roles,
 * owned by the superuser).
 */
export async function openDatabase(config: AppConfig, log: Logger): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return {
      url: config.databaseUrl,
      ownerUrl: config.databaseOwnerUrl ?? config.databaseUrl,
      embedded: false,
      stop: async () => {},
    };
  }
  if (config.databaseOwnerUrl)
    log.warn('DATABASE_OWNER_URL is ignored without DATABASE_URL (embedded database)');
  const cluster = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), log);
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    try {
      await ensureLoginRoles(admin, [
        { name: EMBEDDED_OWNER_ROLE, password: cluster.rolePassword(EMBEDDED_OWNER_ROLE) },
        { name: APP_ROLE, password: cluster.rolePassword(APP_ROLE) },
      ]);
    } finally {
      await admin.end();
    }
    await ensureDatabase(cluster.adminUrl, embeddedDatabaseName, { owner: EMBEDDED_OWNER_ROLE });
    const moved = await ensureDatabaseOwner(cluster.adminUrl, embeddedDatabaseName, EMBEDDED_OWNER_ROLE);
    if (moved)
      log.info({ objects: moved, owner: EMBEDDED_OWNER_ROLE }, 'database objects given to the owner role');
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return {
    url: cluster.url(embeddedDatabaseName, APP_ROLE),
    ownerUrl: cluster.url(embeddedDatabaseName, EMBEDDED_OWNER_ROLE),
    embedded: true,
    stop: () => cluster.stop(),
  };
}
