import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedGeography } from '../features/geography/geography.seed';
import { loadConfig } from '../platform/config';
import { ensureDatabase } from '../platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/db/embedded-postgres';
import { createOrm, migrate } from '../platform/db/orm';
import { createLogger } from '../platform/logger';
import { entities } from '../registry';
import { templateDatabase } from './database-names';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run (DATABASE_URL's server when set, else an embedded one in a
 * temporary folder), holding a migrated template database with the reference data. Each test file
 * then works in its own clone of the template (see worker-database.ts).
 */
export default async function setup(project: TestProject) {
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'warn');
  let cluster: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
  } else {
    dir = mkdtempSync(join(tmpdir(), 'namjai-test-pg-'));
    chmodSync(dir, 0o755);
    cluster = await startEmbeddedPostgres(dir, log, { persistent: false });
    adminUrl = cluster.adminUrl;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase} with (force)`);
  await admin.end();
  await ensureDatabase(adminUrl, templateDatabase);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDatabase}`;
  const orm = await createOrm(templateUrl.toString(), entities, log);
  await migrate(orm);
  await seedGeography(orm.em.fork(), loadConfig().repoRoot);
  await orm.close();

  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
