import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp, type RunningApp } from '../app';
import { type AppConfig, loadConfig } from '../platform/config';
import { ConfigError } from '../platform/config-values';
import { createLogger } from '../platform/logger';
import { referenceSeeds } from '../registry';
import { roleUrl, TEST_APP_ROLE, TEST_OWNER_ROLE } from '../testing/test-roles';

// Starting the server (issue 22, docs/operations.md): servers started together on an empty database
// take turns at the migrations; the configuration is checked before the database is touched; a
// missing database is named, with how to create it.

const adminUrl = inject('pgAdminUrl');
const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
const base = `namjai_start_${process.pid}`;
const created: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database owned by the tests' owner role, as an operator creates it for a new install. */
async function emptyDatabase(suffix: string): Promise<string> {
  const name = `${base}_${suffix}`;
  await admin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name} owner ${TEST_OWNER_ROLE}`);
  });
  created.push(name);
  return name;
}

function configOn(database: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: roleUrl(adminUrl, TEST_APP_ROLE, database),
    DATABASE_OWNER_URL: roleUrl(adminUrl, TEST_OWNER_ROLE, database),
    ...env,
  });
}

const tablesOf = (database: string) =>
  admin(async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_database d where d.datname = $1`,
      [database],
    );
    if (!rows[0]?.n) return null;
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const tables = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      return tables.rows[0]?.n ?? 0;
    } finally {
      await db.end();
    }
  });

afterAll(async () => {
  await admin(async (c) => {
    for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
  });
});

describe('three servers started at once on an empty database', () => {
  const apps: RunningApp[] = [];
  let outcomes: PromiseSettledResult<RunningApp>[];
  let database: string;
  // What the three wrote to their logs: the seeds each ran.
  const lines: string[] = [];

  beforeAll(async () => {
    database = await emptyDatabase('three');
    const config = configOn(database, { SEED_DEMO: 'false' });
    const logged = createLogger('info', { write: (line: string) => void lines.push(line) });
    outcomes = await Promise.allSettled([1, 2, 3].map(() => createApp(config, logged)));
    for (const o of outcomes) if (o.status === 'fulfilled') apps.push(o.value);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('all three migrate (taking turns), seed once and are ready', async () => {
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    for (const { app } of apps) {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
    }
    const [counts] = await apps[0].orm.em
      .getConnection()
      .execute<{ migrations: number; provinces: number }[]>(
        `select (select count(*)::int from mikro_orm_migrations) as migrations,
                (select count(*)::int from geo_province) as provinces`,
      );
    const { migrationsList } = await import('../../../migrations/index');
    expect(counts.migrations).toBe(migrationsList.length);
    // The reference data was written once (77 provinces), not once by each server: the first ran
    // each reference seed and recorded it (seed_run); the two others found them recorded.
    expect(counts.provinces).toBe(77);
    const ran = lines
      .map((l) => JSON.parse(l) as { msg: string; seed?: string })
      .filter((l) => l.msg === 'seed');
    expect(ran.map((l) => l.seed).sort()).toEqual(referenceSeeds.map((s) => s.name).sort());
  });
});

describe('configuration before the database', () => {
  it('lists every problem at once, each with its fix', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x@y/z',
        SMTP_URL: 'mail.go.th',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(4);
    expect(message).toMatch(/PORT must be a non-negative integer, got "eighty"/);
    expect(message).toMatch(/JWT_SECRET must be set when NODE_ENV=production.*openssl rand -base64 48/);
    expect(message).toMatch(/DATABASE_URL must start with postgres:\/\//);
    expect(message).toMatch(/SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).not.toThrow();
  });

  it('does not touch the database with a configuration it refuses (JWT_SECRET missing in production)', async () => {
    const database = await emptyDatabase('nojwt');
    const config = configOn(database, { JWT_SECRET: 'x'.repeat(32) });
    const production = { ...config, production: true, auth: { ...config.auth, jwtSecret: undefined } };
    await expect(createApp(production, log)).rejects.toThrow(
      /JWT_SECRET must be set when NODE_ENV=production/,
    );
    expect(await tablesOf(database)).toBe(0);
  });

  it('names a missing database and how to create it (the owner role has no CREATEDB)', async () => {
    const missing = `${base}_missing`;
    await expect(createApp(configOn(missing), log)).rejects.toThrow(
      `the database "${missing}" of DATABASE_OWNER_URL does not exist on`,
    );
    await expect(createApp(configOn(missing), log)).rejects.toThrow(
      /createdb --owner=namjai_owner .* or give the owner role CREATEDB/,
    );
    expect(await tablesOf(missing)).toBeNull();
  });

  it('names a refused password and the variable that holds it', async () => {
    const database = await emptyDatabase('password');
    const wrong = new URL(roleUrl(adminUrl, TEST_APP_ROLE, database));
    wrong.password = 'not-the-password';
    await expect(createApp(configOn(database, { DATABASE_URL: wrong.toString() }), log)).rejects.toThrow(
      `refused the password of role "${TEST_APP_ROLE}" (DATABASE_URL)`,
    );
  });
});
