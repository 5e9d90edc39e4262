import pg from 'pg';
import { inject } from 'vitest';
import { templateDatabase, workerDatabase } from './database-names';
import { roleUrl, TEST_APP_ROLE, TEST_OWNER_ROLE } from './test-roles';

// Runs before each test file: a fresh clone of the migrated template, so files never see each
// other's rows, owned by the tests' owner role (the clone keeps the template's objects, their owners
// and privileges; the database itself belongs to whoever creates it unless told). DATABASE_URL is the
// server's role on it (test-roles.ts), DATABASE_OWNER_URL the owner's.
const adminUrl = inject('pgAdminUrl');
const name = workerDatabase();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name} owner ${TEST_OWNER_ROLE} template ${templateDatabase}`);
} finally {
  await admin.end();
}
process.env.DATABASE_URL = roleUrl(adminUrl, TEST_APP_ROLE, name);
process.env.DATABASE_OWNER_URL = roleUrl(adminUrl, TEST_OWNER_ROLE, name);
