// The shared helpers of the `npm run bench` parts (docs/benchmarks.md): the built server on a fresh
// database of its own, CPU time of the server and PostgreSQL, GraphQL calls, timing and formatting.
// One copy: every bench-*.mjs imports them from here.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverNodeEnv, serverNodeFlags } from './server-flags.mjs';

export { gqlClient } from './bench-http.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Bytes in a KiB, for the figures the benches print. */
export const KIB = 1024;

/** A positive number from the environment, or `fallback` when unset. */
export const env = (name, fallback) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
};

export const freePort = () =>
  new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
  });

export const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ── CPU time of the server and of PostgreSQL (Linux /proc; null elsewhere) ─────────────────────

const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (i) => (Number(f[i]) * 1000) / ticks;
    // utime + stime; cutime + cstime: children it has reaped (PostgreSQL's ended backends).
    return { ppid: Number(f[1]), cpuMs: ms(11) + ms(12), reapedMs: ms(13) + ms(14) };
  } catch {
    return null;
  }
}

/** CPU ms used so far by a process, or by it and all its children, ended ones included (postmaster). */
export function cpuOf(pid, withChildren = false) {
  if (!pid || !existsSync('/proc/self/stat')) return null;
  const own = procStat(pid);
  if (!own) return null;
  let total = own.cpuMs + (withChildren ? own.reapedMs : 0);
  if (withChildren) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = procStat(entry);
      if (s?.ppid === pid) total += s.cpuMs;
    }
  }
  return total;
}

// ── The server and its database ───────────────────────────────────────────────────────────────

/** The built server on a fresh database of its own; `env` adds to its environment (BENCH_ROUTES=1). */
export async function startServer(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'namjai-bench-ledger-'));
  chmodSync(dataDir, 0o755);
  const external = process.env.DATABASE_URL;
  let databaseUrl;
  let dropDatabase = async () => {};
  if (external) {
    // A fresh database next to the one named, dropped at the end.
    const name = `namjai_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database "${name}" encoding 'UTF8'`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: external });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const port = await freePort();
  const logFile = join(dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  const t0 = performance.now();
  // BENCH_PROFILE=1: the inspector, to profile the GraphQL postings (see startProfile).
  const inspectPort = process.env.BENCH_PROFILE === '1' ? await freePort() : null;
  const args = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  // With the V8 flags `npm start` gives it (server-flags.mjs).
  const child = spawn(process.execPath, [...serverNodeFlags(), ...args, join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...serverNodeEnv(),
      DATABASE_URL: databaseUrl ?? '',
      // One role on a bench database (docs/database-roles.md): an owner URL set for another database
      // must not be inherited.
      DATABASE_OWNER_URL: '',
      // Demo organisation, users and storages also on an external database.
      SEED_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // As deployed: production mode (graphql-js, for one, checks more outside it), with the demo seed.
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - t0 > 300_000) throw new Error('server not ready after 5 minutes');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 50));
    }
    let postmasterPid = null;
    if (!databaseUrl) {
      // The embedded cluster: its port and postmaster from postmaster.pid, the password it keeps.
      const pidFile = readFileSync(join(dataDir, 'postgres/cluster/postmaster.pid'), 'utf8').split('\n');
      const { password } = JSON.parse(readFileSync(join(dataDir, 'postgres/secrets.json'), 'utf8'));
      databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pidFile[3]}/namjai`;
      postmasterPid = Number(pidFile[0]);
    }
    return {
      url: `http://127.0.0.1:${port}`,
      databaseUrl,
      startMs: performance.now() - t0,
      serverPid: child.pid,
      postmasterPid,
      inspectPort,
      stop,
      detach: () => child.unref(),
    };
  } catch (err) {
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
    await stop().catch(() => {});
    throw new Error(`${err.message}\n${tail}`);
  }
}

// ── GraphQL ───────────────────────────────────────────────────────────────────────────────────

export async function gql(url, query, variables, token) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(`${res.status} ${JSON.stringify(body.errors[0])}`);
  return body.data;
}

export async function timeCalls(calls, fn) {
  const ms = [];
  let last;
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    last = await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), last };
}

export const fmt = (n, digits = 1) => (n === null || n === undefined ? 'n/a' : n.toFixed(digits));

// ── Loading a part's rows (bench-ledger-load.mjs, bench-donations.mjs, bench-disbursements.mjs) ──

/**
 * A load's timed steps: `step(label, sql, params)` runs one statement and notes its time and rows in
 * `steps`; `timed(label, fn)` notes the time of several.
 */
export function loadSteps(db) {
  const steps = [];
  const step = async (label, sql, params = []) => {
    const t0 = performance.now();
    const res = await db.query(sql, params);
    steps.push({ label, ms: performance.now() - t0, rows: res.rowCount });
    return res;
  };
  const timed = async (label, fn) => {
    const t0 = performance.now();
    await fn();
    steps.push({ label, ms: performance.now() - t0 });
  };
  return { steps, step, timed };
}

/** Begins the load's one transaction, with memory to sort and to build indexes. */
export async function beginLoad(db) {
  await db.query('begin');
  await db.query("set local maintenance_work_mem = '256MB'");
  await db.query("set local work_mem = '64MB'");
}

/**
 * `count` storages coded `<code>-001…` (`digits` wide) named `<nameTh> g` / `<nameEn> g`: the first
 * `own` of the demo officer's unit OPS-P38-SDW, the rest spread over the other active units with a
 * province.
 */
export function insertStorages(step, { code, digits = 3, nameTh, nameEn, count, own }) {
  return step(
    'storages',
    `insert into ref_storage (code, name_th, name_en, owner_unit_id, status_code, created_at, updated_at)
     select format('%s-%s', $3::text, lpad(g::text, $4::int, '0')), format('%s %s', $5::text, g), format('%s %s', $6::text, g),
       case when g <= $2 then (select id from organisation_unit where code = 'OPS-P38-SDW')
            else u.ids[1 + g % array_length(u.ids, 1)] end, 'A', now(), now()
     from generate_series(1, $1::int) g,
       (select array(select id from organisation_unit where active and province_id is not null
                     and code <> 'OPS-P38-SDW' order by id) ids) u`,
    [count, own, code, digits, nameTh, nameEn],
  );
}

/**
 * `count` resources coded `<code>-0001…` named `<nameTh> g` / `<nameEn> g`, spread over the
 * resource sub-groups and the counting units.
 */
export function insertResources(step, { code, nameTh, nameEn, count }) {
  return step(
    'resources',
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select format('%s-%s', $2::text, lpad(g::text, 4, '0')), format('%s %s', $3::text, g), format('%s %s', $4::text, g),
       s.ids[1 + g % array_length(s.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)], 'A', now(), now()
     from generate_series(1, $1::int) g,
       (select array(select id from ref_resource_sub order by id) ids) s,
       (select array(select id from ref_counting_unit order by id) ids) c`,
    [count, code, nameTh, nameEn],
  );
}

/**
 * As pg_restore does: drops the tables' secondary indexes and foreign keys (read from the catalogue)
 * for a bulk insert, and returns `rebuild(timed)`, which builds the indexes again and re-adds the
 * foreign keys (validated), each as a timed step.
 */
export async function dropForLoad(db, tables) {
  const fks = (
    await db.query(
      `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = any($1::regclass[]) and contype = 'f'`,
      [tables],
    )
  ).rows;
  const indexes = (
    await db.query(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = any($1::regclass[])
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [tables],
    )
  ).rows;
  for (const fk of fks) await db.query(`alter table ${fk.tbl} drop constraint "${fk.conname}"`);
  for (const ix of indexes) await db.query(`drop index "${ix.name}"`);
  return async (timed) => {
    await timed(`${indexes.length} secondary indexes rebuilt`, async () => {
      for (const ix of indexes) await db.query(ix.def);
    });
    await timed(`${fks.length} foreign keys re-added and validated`, async () => {
      for (const fk of fks) await db.query(`alter table ${fk.tbl} add constraint "${fk.conname}" ${fk.def}`);
    });
  };
}
