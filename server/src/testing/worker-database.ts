import pg from 'pg';
import { inject } from 'vitest';
import { templateDatabase, workerDatabase } from './database-names';

// Runs before each test file: a fresh clone of the migrated template, so files never see each
// other's rows, and DATABASE_URL pointing at it.
const adminUrl = inject('pgAdminUrl');
const name = workerDatabase();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name} template ${templateDatabase}`);
} finally {
  await admin.end();
}
const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
