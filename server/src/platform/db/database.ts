import { join } from 'node:path';
import pg from 'pg';
import { type AppConfig } from '../config';
import { redactUrl } from '../config-values';
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

/** PostgreSQL's answers to a CREATE DATABASE that lost a race with another one of the same name. */
const alreadyCreated = (err: unknown) => {
  const { code, constraint } = err as { code?: string; constraint?: string };
  return code === '42P04' || (code === '23505' && constraint === 'pg_database_datname_index');
};

/**
 * Creates `name` on the server of `adminUrl` when it does not exist yet, owned by `owner` when given
 * (else by the connecting role), from `template` when given. Safe when several processes do it at
 * once: the one that loses the race finds it created. True when this call created it.
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
  } catch (err) {
    if (alreadyCreated(err)) return false;
    throw err;
  } finally {
    await client.end();
  }
}

/** What a failed connection to `url` (the value of `variable`) means, and what to do about it. */
export function connectionProblem(err: unknown, url: string, variable: string): string {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.slice(1));
  const user = decodeURIComponent(u.username) || '(the operating-system user)';
  const where = `${u.hostname || 'localhost'}:${u.port || 5432}`;
  const { code, message } = err as { code?: string; message?: string };
  switch (code) {
    case '3D000':
      return (
        `the database "${database}" of ${variable} does not exist on ${where}. Create it as a superuser, ` +
        `owned by the owner role: sudo -u postgres createdb --owner=namjai_owner --encoding=UTF8 ` +
        `--locale=C.UTF-8 --template=template0 ${database} (docs/operations.md), or give the owner role ` +
        'CREATEDB (ALTER ROLE namjai_owner CREATEDB) and Namjai creates it at its first start'
      );
    case '28P01':
      return `PostgreSQL on ${where} refused the password of role "${user}" (${variable}): check the user and password in ${variable} (characters such as : / @ # percent-encoded)`;
    case '28000':
      return `PostgreSQL on ${where} refused role "${user}" (${variable}): ${message}. Create the role (docs/operations.md) or allow it in pg_hba.conf for this host`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `no PostgreSQL answers at ${where} (${variable}): ${message || code}. Is it running, and listening there (listen_addresses, port)?`;
    default:
      return `could not connect to ${variable} (${redactUrl(url)}): ${message ?? String(err)}`;
  }
}

/**
 * Connects once to `url` before anything else uses it, so a wrong address, role, password or a
 * missing database is reported as such (not as what the ORM then tries: "permission denied to
 * create database"). A missing database is created when `create` is set and the role may (CREATEDB).
 */
export async function checkDatabase(
  url: string,
  variable: string,
  log: Logger,
  options: { create?: boolean } = {},
): Promise<void> {
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
    client.on('error', () => {});
    await client.connect();
    await client.end();
  };
  try {
    await connect();
  } catch (err) {
    if ((err as { code?: string }).code === '3D000' && options.create) {
      const maintenance = new URL(url);
      const database = decodeURIComponent(maintenance.pathname.slice(1));
      maintenance.pathname = '/postgres';
      try {
        if (await ensureDatabase(maintenance.toString(), database))
          log.info({ database }, 'database created (the owner role has CREATEDB)');
        return await connect();
      } catch (createErr) {
        if ((createErr as { code?: string }).code !== '42501')
          throw new Error(connectionProblem(createErr, url, variable), { cause: createErr });
      }
    }
    throw new Error(connectionProblem(err, url, variable), { cause: err });
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
    const ownerUrl = config.databaseOwnerUrl ?? config.databaseUrl;
    await checkDatabase(ownerUrl, config.databaseOwnerUrl ? 'DATABASE_OWNER_URL' : 'DATABASE_URL', log, {
      create: true,
    });
    if (ownerUrl !== config.databaseUrl) await checkDatabase(config.databaseUrl, 'DATABASE_URL', log);
    return {
      url: config.databaseUrl,
      ownerUrl,
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
