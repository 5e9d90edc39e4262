import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { EMBEDDED_OWNER_ROLE } from '../server/src/platform/db/database';
import { ensureTestRoles, roleUrl, TEST_APP_ROLE, TEST_OWNER_ROLE } from '../server/src/testing/test-roles';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export interface RunningServer {
  url: string;
  /** Everything the server printed, for assertions on its log. */
  output(): string;
  stop(): Promise<void>;
  /** POST /graphql as the client does (with an optional bearer token); GraphQL errors throw. */
  graphql<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T>;
  /**
   * The server's own database as its owner role, for test setup that no screen offers yet (stock
   * before the documents that bring it in exist): DATABASE_URL's fresh database, or the embedded
   * cluster's, whose port PostgreSQL writes in postmaster.pid and whose password the server keeps
   * beside it.
   */
  databaseUrl(): string;
  /**
   * A superuser's URL of the PostgreSQL server the server runs on (DATABASE_URL's when it was given,
   * else the embedded cluster's `postgres`), for a second server on a database of its own.
   */
  adminUrl(): string;
}

export async function postGraphql<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

function readlinkOrNull(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => done(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * A fresh database on the server of `databaseUrl` (a superuser's), owned by the tests' owner role: the
 * server runs its migrations as that role and its requests as the tests' server role, as the server
 * tests do (server/src/testing/test-roles.ts, docs/database-roles.md).
 */
async function freshExternalDatabase(
  databaseUrl: string,
  name: string,
): Promise<{ DATABASE_URL: string; DATABASE_OWNER_URL: string }> {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const adminUrl = admin.toString();
  await ensureTestRoles(adminUrl);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name} owner ${TEST_OWNER_ROLE}`);
  await client.end();
  return {
    DATABASE_URL: roleUrl(adminUrl, TEST_APP_ROLE, name),
    DATABASE_OWNER_URL: roleUrl(adminUrl, TEST_OWNER_ROLE, name),
  };
}

/**
 * The embedded PostgreSQL of a DATA_DIR (server/src/platform/db/embedded-postgres.ts), while it runs,
 * as the owner role namjai_owner, whose password the server keeps beside it.
 */
function embeddedDatabaseUrl(dataDir: string, as: 'owner' | 'superuser' = 'owner'): string {
  const dir = join(dataDir, 'postgres');
  // postmaster.pid: pid, data directory, start time, port, …
  const port = readFileSync(join(dir, 'cluster', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const secrets = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as {
    password: string;
    roles: Record<string, string>;
  };
  const [user, password, database] =
    as === 'owner'
      ? [EMBEDDED_OWNER_ROLE, secrets.roles[EMBEDDED_OWNER_ROLE] ?? '', 'namjai']
      : ['postgres', secrets.password, 'postgres'];
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export interface StartOptions {
  /**
   * A fresh database of this name on the PostgreSQL server of `on` (a superuser's URL of any database
   * there: it creates the tests' roles, test-roles.ts) instead of an embedded cluster of its own. By default
   * DATABASE_URL's server when it is set.
   */
  database?: { on: string; name: string };
  /** Everything the server prints is also written to this file (for processes that did not start it). */
  logFile?: string;
}

/**
 * The built server (`npm run build`), started as `npm start` starts it: its own embedded PostgreSQL in
 * a temporary DATA_DIR (or a fresh database on another PostgreSQL server), migrated and seeded.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const main = join(root, 'server', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(join(root, 'client', 'dist', 'index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'namjai-e2e-'));
  // As root, the postgres user must reach DATA_DIR to keep the cluster in it (a temporary folder is
  // created 0700); otherwise the cluster goes under /var/lib/namjai, removed in stop() below.
  chmodSync(dataDir, 0o755);
  const target =
    options.database ??
    (process.env.DATABASE_URL ? { on: process.env.DATABASE_URL, name: `namjai_e2e_${process.pid}` } : null);
  const database: { DATABASE_URL?: string; DATABASE_OWNER_URL?: string; SEED_DEMO?: string } = target
    ? { ...(await freshExternalDatabase(target.on, target.name)), SEED_DEMO: 'true' }
    : { DATABASE_OWNER_URL: '' };
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...database,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = options.logFile ? createWriteStream(options.logFile) : null;
  const keep = (d: Buffer) => {
    log += d;
    logFile?.write(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    if (logFile) await new Promise((done) => logFile.end(done));
    const linked = readlinkOrNull(join(dataDir, 'postgres', 'cluster'));
    if (linked) rmSync(linked, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) {
        return {
          url,
          output: () => log,
          stop,
          graphql: (query, variables, token) => postGraphql(url, query, variables, token),
          databaseUrl: () => database.DATABASE_OWNER_URL || embeddedDatabaseUrl(dataDir),
          adminUrl: () => target?.on ?? embeddedDatabaseUrl(dataDir, 'superuser'),
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server not ready within 150 s:\n${log}`);
}
