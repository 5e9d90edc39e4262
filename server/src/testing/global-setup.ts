import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedGeography } from '../features/geography/geography.seed';
import { loadConfig } from '../platform/config';
import { ensureDatabase } from '../platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/db/embedded-postgres';
import { createOrm, migrateAsOwner } from '../platform/db/orm';
import { createLogger } from '../platform/logger';
import { entities } from '../registry';
import { templateDatabase } from './database-names';
import { ensureTestRoles, roleUrl, TEST_APP_ROLE, TEST_OWNER_ROLE } from './test-roles';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run (DATABASE_URL's server when set, else an embedded one in a
 * temporary folder), holding a migrated template database with the reference data. Each test file
 * then works in its own clone of the template (see worker-database.ts). As in production, the
 * template is owned and migrated by an owner role, and the reference data is written, like all the
 * tests' traffic, by the server's role (test-roles.ts; docs/database-roles.md).
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
  await ensureTestRoles(adminUrl);
  await ensureDatabase(adminUrl, templateDatabase, { owner: TEST_OWNER_ROLE });
  await migrateAsOwner(roleUrl(adminUrl, TEST_OWNER_ROLE, templateDatabase), entities, log);
  const orm = await createOrm(roleUrl(adminUrl, TEST_APP_ROLE, templateDatabase), entities, log);
  await seedGeography(orm.em.fork(), loadConfig().repoRoot);
  await orm.close();

  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
