import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export const embeddedDatabaseName = 'namjai';

/** Creates `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
    await client.query(
      `create database ${ident(name)}${template ? ` template ${ident(template)}` : ''} encoding 'UTF8'`,
    );
    return true;
  } finally {
    await client.end();
  }
}

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL under `$DATA_DIR/postgres`. */
export async function openDatabase(config: AppConfig, log: Logger): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  const cluster = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), log);
  try {
    await ensureDatabase(cluster.adminUrl, embeddedDatabaseName);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return { url: cluster.url(embeddedDatabaseName), embedded: true, stop: () => cluster.stop() };
}
