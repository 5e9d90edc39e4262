// The comparison both API parts of `npm run bench` make (bench-donations.mjs, bench-disbursements.mjs):
// a nested GraphQL page against a hand-written SQL endpoint answering the same JSON, as the demo
// officer. The answers first (deep-equal, or the bench stops), then SQL statements per request
// counted by PostgreSQL, then requests per second in alternating rounds, latencies and CPU.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuOf, fmt, gql, load, percentile } from './bench-kit.mjs';
import { startProfile, summariseProfile } from './bench-ledger-postings.mjs';
import { assertSameJson } from './bench-same-json.mjs';

async function restPage(url, path, token, currentPage, rows) {
  const res = await fetch(`${url}${path}?currentPage=${currentPage}&rows=${rows}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`bench route ${res.status}: ${await res.text()}`);
  return res.json();
}

/** `clients` loops of `call(i)` for `seconds`: requests, latencies and CPU of server and PostgreSQL. */
async function run(clients, seconds, call, cpu, into) {
  const before = { server: cpu.server(), postgres: cpu.postgres() };
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i += clients) {
        const s = performance.now();
        try {
          await call(i);
          into.latencies.push(performance.now() - s);
        } catch (err) {
          into.errors++;
          into.firstError ??= err;
        }
      }
    }),
  );
  into.seconds += (performance.now() - t0) / 1000;
  const after = { server: cpu.server(), postgres: cpu.postgres() };
  if (before.server !== null && after.server !== null) into.cpuServer += after.server - before.server;
  if (before.postgres !== null && after.postgres !== null)
    into.cpuPostgres += after.postgres - before.postgres;
}

const tally = () => ({
  latencies: [],
  errors: 0,
  firstError: null,
  seconds: 0,
  cpuServer: 0,
  cpuPostgres: 0,
});

// ── 3. Statements per request ─────────────────────────────────────────────────────────────────

/**
 * Transactions PostgreSQL committed in this database. A backend reports its counts at most once a
 * second and, when idle with counts pending, 10 s later (PGSTAT_IDLE_INTERVAL): the reading waits
 * 11 s after the last request. It is taken inside a transaction rolled back, so reading does not
 * count; each read of the API and of the hand-written route commits on its own (autocommit).
 */
async function committed(db) {
  await new Promise((r) => setTimeout(r, 11_000));
  await db.query('begin');
  const {
    rows: [r],
  } = await db.query(
    'select xact_commit::bigint as n from pg_stat_database where datname = current_database()',
  );
  await db.query('rollback');
  return Number(r.n);
}

/** Statements per request of each way, one after the other (each reading is the next one's start). */
async function statementsPerRequest(db, calls, ways) {
  let before = await committed(db);
  const per = [];
  for (const call of ways) {
    for (let i = 0; i < calls; i++) await call(i);
    const after = await committed(db);
    per.push((after - before) / calls);
    before = after;
  }
  return per;
}

/**
 * Runs the comparison on a loaded database and adds its rows and notes. `what` names the documents
 * (notes), `table` their document table (the officer's scope), `field` the GraphQL query's field,
 * `restPath` the hand-written route, `describe(sample)` a note on a page's contents.
 */
export async function compareApiPages({ server, db, p, row, notes }, spec) {
  const { what, table, pageQuery, field, restPath, describe, ratioLabel } = spec;
  const { login } = await gql(
    server.url,
    'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: 'officer.demo', p: 'Namjai-demo-2569' },
  );
  const token = login.token;
  const [{ visible }] = (
    await db.query(
      `select count(*)::int as visible from ${table} d join organisation_unit u on u.id = d.owner_unit_id
         where u.code = 'OPS-P38-SDW'`,
    )
  ).rows;
  notes.push(`the officer's data scope holds ${visible.toLocaleString('en')} ${what}`);
  const page = (i) => 1 + (i % p.pages);
  const viaGraphql = async (i) => {
    const data = await gql(server.url, pageQuery, { currentPage: page(i), rows: p.rows }, token);
    if (data[field].items.length !== p.rows) throw new Error('short page');
    return data[field];
  };
  const viaSql = async (i) => {
    const body = await restPage(server.url, restPath, token, page(i), p.rows);
    if (body.items.length !== p.rows) throw new Error('short page');
    return body;
  };

  // The same answer first, every page the clients ask for, deep-equal: otherwise the bench stops.
  const pages = Array.from({ length: p.pages }, (_, i) => i + 1);
  await assertSameJson(what, pages, [
    ['GraphQL', (n) => viaGraphql(n - 1)],
    ['the hand-written SQL', (n) => viaSql(n - 1)],
  ]);
  row(
    `same JSON from GraphQL and the hand-written SQL (pages of ${p.rows}, checked deep-equal)`,
    `${p.pages} of ${p.pages}`,
  );
  const sample = await viaGraphql(0);
  notes.push(
    `a page: ${describe(sample)}; ${JSON.stringify(sample).length.toLocaleString('en')} bytes of JSON`,
  );

  // Statements per request, counted by PostgreSQL.
  const [graphStatements, sqlStatements] = await statementsPerRequest(db, p.statementCalls, [
    viaGraphql,
    viaSql,
  ]);
  row(
    `SQL statements per request, page of ${p.rows}: GraphQL / hand-written (session read included)`,
    `${fmt(graphStatements, 2)} / ${fmt(sqlStatements, 2)}`,
  );

  const cpu = { server: () => cpuOf(server.serverPid), postgres: () => cpuOf(server.postmasterPid, true) };
  // BENCH_PROFILE=1: the server's CPU profile of one more GraphQL round (not counted below).
  if (server.inspectPort) {
    const stop = await startProfile(server.inspectPort);
    await run(p.clients, p.roundSeconds, viaGraphql, cpu, tally());
    const profile = await stop();
    const file = join(tmpdir(), `namjai-bench-${field}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    notes.push(`server CPU profile of a GraphQL round: ${file}`, ...summariseProfile(profile, 30));
  }

  // Requests per second, in alternating rounds.
  const graph = tally();
  const hand = tally();
  for (let r = 0; r < p.rounds; r++) {
    await run(p.clients, p.roundSeconds, viaGraphql, cpu, graph);
    await run(p.clients, p.roundSeconds, viaSql, cpu, hand);
  }
  notes.push(`load average after the request runs ${load()}`);
  const rate = (t) => t.latencies.length / t.seconds;
  const label = (via, t) =>
    `requests/s, ${via}, ${p.clients} clients, ${p.rounds} × ${p.roundSeconds} s (${t.latencies.length.toLocaleString('en')} requests${t.errors ? `, ${t.errors} errors` : ''})`;
  row(label('nested GraphQL query', graph), fmt(rate(graph)), '/s');
  row(label('hand-written SQL endpoint', hand), fmt(rate(hand)), '/s');
  row(ratioLabel, fmt(rate(graph) / rate(hand), 3), 'x');
  for (const [via, t] of [
    ['GraphQL', graph],
    ['hand-written SQL', hand],
  ]) {
    const sorted = [...t.latencies].sort((a, b) => a - b);
    row(
      `${via} latency p50 / p95`,
      `${fmt(percentile(sorted, 0.5))} / ${fmt(percentile(sorted, 0.95))}`,
      'ms',
    );
    const n = t.latencies.length;
    row(
      `CPU per request, ${via}: server / PostgreSQL`,
      `${n && server.serverPid ? fmt(t.cpuServer / n, 2) : 'n/a'} / ${n && server.postmasterPid ? fmt(t.cpuPostgres / n, 2) : 'n/a'}`,
      'ms',
    );
    if (t.firstError) notes.push(`first ${via} error: ${t.firstError.message}`);
  }
}
