import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../kits/core/demo-accounts';
import { ensureDatabase } from '../platform/db/database';
import {
  bundledPostgres,
  type EmbeddedDatabase,
  freePort,
  startEmbeddedPostgres,
} from '../platform/db/embedded-postgres';
import {
  defaultRootRuntimeDir,
  ensurePostgresUser,
  reachableBinaries,
} from '../platform/db/postgres-as-root';
import { type RunningPostgres, startServer } from '../platform/db/postgres-process';
import { createLogger } from '../platform/logger';
import { ensureTestRoles, roleUrl, TEST_APP_ROLE, TEST_OWNER_ROLE } from '../testing/test-roles';

// Issue 22, parts 3 and 5, on a real server process (main.ts bundled as `npm run build` bundles it)
// on a PostgreSQL of this file's own, which the test stops and starts again on the same port (the
// shared test database of the other files is never touched):
// - while PostgreSQL is stopped every route family answers 503 DATABASE_UNAVAILABLE in its own shape,
//   in Thai and English, naming no host, port or driver error; once it is back the server answers
//   again without a restart;
// - on SIGTERM the server drains: /readyz and new requests get 503 SHUTTING_DOWN at once, the requests
//   in flight (receipt PDFs rendered by Chromium, a GraphQL read) all succeed, and it exits 0.

const serverDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const log = createLogger('silent');
const database = 'namjai_outage';
// Beside dist/main.js, so that the packages it imports are found the same way.
const bundle = join(serverDir, 'dist', `drain-test-${process.pid}.js`);

let dir: string;
let cluster: EmbeddedDatabase;
let postgres: RunningPostgres | EmbeddedDatabase;
let pgPort: number;
let child: ChildProcess;
let output = '';
let base: string;
let token: string;
let receiptId: number;

/** PostgreSQL on the cluster of `cluster` again, on the port the server was given. */
function startPostgresAgain(): Promise<RunningPostgres> {
  const user = process.getuid?.() === 0 ? ensurePostgresUser(log) : null;
  const bundled = bundledPostgres();
  const dist = user ? reachableBinaries(bundled, user, defaultRootRuntimeDir, log) : bundled.dir;
  return startServer(
    { binDir: join(dist, 'bin'), runAs: user, onLog: () => {} },
    cluster.clusterDir,
    pgPort,
    ['-c', 'listen_addresses=127.0.0.1'],
  );
}

interface Answer {
  status: number;
  type: string;
  text: string;
  bytes: Buffer;
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown, auth = true): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
      'apollo-require-preflight': 'true',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text: bytes.toString('utf8'),
    bytes,
  };
}

const graphql = (query: string, auth = true) => call('POST', '/graphql', { query }, auth);

/**
 * A GraphQL read the server has admitted and is still reading: its headers and half its body are
 * sent now, the rest when `finish` is called.
 */
function heldGraphql(query: string) {
  const body = Buffer.from(JSON.stringify({ query }));
  const half = Math.floor(body.length / 2);
  const req = httpRequest(`${base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      authorization: `Bearer ${token}`,
    },
  });
  const answer = new Promise<Answer>((done, fail) => {
    req.once('error', fail);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => {
        const bytes = Buffer.concat(chunks);
        done({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          text: bytes.toString(),
          bytes,
        });
      });
    });
  });
  req.write(body.subarray(0, half));
  return { answer, finish: () => req.end(body.subarray(half)) };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output.slice(-3000)}`);
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} within ${ms} ms; the server said:\n${output.slice(-3000)}`);
}

const exited = () => new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'namjai-outage-'));
  // As root, the postgres user must reach the cluster's folder (a temporary folder is 0700).
  chmodSync(dir, 0o755);
  cluster = await startEmbeddedPostgres(join(dir, 'postgres'), log, { persistent: true });
  postgres = cluster;
  pgPort = Number(new URL(cluster.adminUrl).port);
  await ensureTestRoles(cluster.adminUrl);
  await ensureDatabase(cluster.adminUrl, database, { owner: TEST_OWNER_ROLE });
  await build({
    entryPoints: [join(serverDir, 'src', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    tsconfig: join(serverDir, 'tsconfig.json'),
    outfile: bundle,
    logLevel: 'warning',
  });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: roleUrl(cluster.adminUrl, TEST_APP_ROLE, database),
      DATABASE_OWNER_URL: roleUrl(cluster.adminUrl, TEST_OWNER_ROLE, database),
      SEED_DEMO: 'true',
      // The job runner polls (and is closed by the drain) as in production.
      JOBS_ENABLED: 'true',
      JOBS_POLL_SECONDS: '1',
      // One render at a time: the receipts sent together are still in flight when the signal comes.
      PDF_CONCURRENCY: '1',
      SHUTDOWN_GRACE_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  await until(
    'the server ready',
    async () => (await call('GET', '/readyz', undefined, false)).status === 200,
    90_000,
  );
  const login = await graphql(
    `mutation { login(username: "admin.demo", password: "${demoPassword}") { token } }`,
    false,
  );
  token = JSON.parse(login.text).data.login.token;
  const owner = new pg.Client({ connectionString: roleUrl(cluster.adminUrl, TEST_OWNER_ROLE, database) });
  await owner.connect();
  const { rows } = await owner.query<{ id: number }>(
    "select id from donation_receipt where kind = 'MONEY' order by id limit 1",
  );
  await owner.end();
  receiptId = Number(rows[0]?.id);
  expect(receiptId).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = exited();
    child.kill('SIGKILL');
    await gone;
  }
  await postgres?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  rmSync(bundle, { force: true });
});

describe('a database outage (issue 22, part 5)', () => {
  it('answers 503 DATABASE_UNAVAILABLE in Thai and English on every route, naming no address, and recovers by itself', async () => {
    const routes = {
      'GraphQL, signed in': () => graphql('{ me { username } }'),
      'GraphQL, public': () => graphql('{ organisationTree { code } }', false),
      REST: () => call('GET', `/api/receipts/${receiptId}/print`),
      'file download': () => call('GET', `/api/receipts/${receiptId}/pdf`),
      // Another user: a login ends the user's other session, the one the other calls use.
      login: () =>
        call('POST', '/api/auth/login', { username: 'officer.demo', password: demoPassword }, false),
      'session check': () => call('POST', '/api/auth/auth', {}),
    };
    for (const [name, send] of Object.entries(routes)) expect((await send()).status, name).toBe(200);

    await postgres.stop();
    for (const [name, send] of Object.entries(routes)) {
      const res = await send();
      expect(res.status, `${name}: ${res.text}`).toBe(503);
      // Nothing internal: no host, port, errno or driver text.
      expect(res.text, name).not.toMatch(
        new RegExp(`127\\.0\\.0\\.1|${pgPort}|ECONN|connect |terminat`, 'i'),
      );
      const body = JSON.parse(res.text);
      const error = name.startsWith('GraphQL') ? body.errors?.[0]?.extensions : body;
      expect(error, name).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        messageTh: expect.stringMatching(/ฐานข้อมูล/),
        messageEn: expect.stringMatching(/database/i),
      });
      if (name.startsWith('GraphQL')) expect(body.errors[0].message).toBeTruthy();
    }
    const ready = await call('GET', '/readyz', undefined, false);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });

    postgres = await startPostgresAgain();
    await until(
      'the server answering again',
      async () => (await graphql('{ me { username } }')).status === 200,
    );
    for (const [name, send] of Object.entries(routes)) {
      const res = await send();
      expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBe(200);
    }
    expect((await call('GET', '/readyz', undefined, false)).status).toBe(200);
    expect(child.exitCode).toBeNull();
  }, 60_000);
});

describe('the drain on SIGTERM (issue 22, part 3)', () => {
  it('refuses new work at once, finishes every request in flight (receipt PDFs included), then exits 0', async () => {
    const exit = exited();
    // A read the server has admitted, held open until after the signal.
    const held = heldGraphql('{ me { username } }');
    const pdfs = Array.from({ length: 3 }, () => call('GET', `/api/receipts/${receiptId}/pdf`));
    // The first PDF done means the others (one render at a time) are queued or rendering.
    await Promise.race(pdfs);
    child.kill('SIGTERM');
    await until('the drain begun', () => output.includes('"msg":"draining"'), 5_000);
    // The held read and at least one receipt were in flight when the signal came.
    const draining = JSON.parse(output.split('\n').find((line) => line.includes('"msg":"draining"')) ?? '{}');
    expect(draining.inFlight).toBeGreaterThanOrEqual(2);

    const ready = await call('GET', '/readyz', undefined, false);
    const alive = await call('GET', '/healthz', undefined, false);
    const refusedGraphql = await graphql('{ me { username } }');
    const refusedRest = await call('GET', `/api/receipts/${receiptId}/print`);
    held.finish();
    const inFlight = await Promise.all([...pdfs, held.answer]);
    const code = await exit;

    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(alive.status).toBe(200);
    expect(refusedGraphql.status).toBe(503);
    expect(JSON.parse(refusedGraphql.text).errors[0]).toMatchObject({
      message: expect.any(String),
      extensions: { code: 'SHUTTING_DOWN', messageTh: expect.any(String), messageEn: expect.any(String) },
    });
    expect(refusedRest.status).toBe(503);
    expect(JSON.parse(refusedRest.text)).toMatchObject({
      code: 'SHUTTING_DOWN',
      messageTh: expect.any(String),
      messageEn: expect.any(String),
    });
    // Zero failed in flight: every PDF whole, the held read answered.
    expect(inFlight.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const pdf of inFlight.slice(0, 3)) expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(JSON.parse(inFlight[3].text).data.me.username).toBe('admin.demo');
    expect(code, output.slice(-3000)).toBe(0);
    expect(output).toContain('"msg":"drained"');
  }, 60_000);
});
