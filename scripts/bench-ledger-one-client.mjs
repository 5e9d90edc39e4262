// One client posting one create-and-post after another (docs/benchmarks.md, "Round trips shared"):
// the wall time and the server's and PostgreSQL's CPU per posting when nothing else runs, on a fresh
// database with the demo seed. With PG_STAT_STATEMENTS=1 (the embedded PostgreSQL then loads it),
// PostgreSQL's execution time per statement too.
//   npm run build -w server && npx node scripts/bench-ledger-one-client.mjs [postings=1000]
// To compare two builds, copy each into server/dist in turn (as bench-ledger-pair.mjs does).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { cpuOf, gqlClient, startServer } from './bench-kit.mjs';
import { benchLogins } from './bench-ledger-load.mjs';
import { createAndPostMutation } from './bench-ledger-queries.mjs';

const postings = Number(process.argv[2] ?? 1000);
const statementStats = process.env.PG_STAT_STATEMENTS === '1';
const server = await startServer();
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
try {
  const [token] = await benchLogins(db, server.url, 1);
  const {
    rows: [ref],
  } = await db.query(
    `select (select id from ref_storage where code = 'ST-P38-SDW') as storage,
            (select id from ref_resource where code = 'BLANKET') as resource,
            (select id from ref_missing_excess_reason where code = 'COUNT-ERROR') as reason`,
  );
  const client = gqlClient(server.url, token);
  // Goods in twice, out once: the lot never runs short.
  const post = async (i) => {
    const done = await client.gql(createAndPostMutation, {
      input: {
        header: { storage: ref.storage },
        lines: [
          {
            resource: ref.resource,
            lot: 'ONE-CLIENT',
            quantity: i % 3 === 2 ? '-1' : '2',
            reason: ref.reason,
          },
        ],
      },
      key: randomUUID(),
    });
    if (done.createAndPostStockAdjustmentDocument.status !== 'POSTED') throw new Error('not posted');
  };
  for (let i = 0; i < 200; i++) await post(i);
  if (statementStats) {
    await db.query('create extension if not exists pg_stat_statements');
    await db.query('select pg_stat_statements_reset()');
  }
  const server0 = cpuOf(server.serverPid);
  const postgres0 = cpuOf(server.postmasterPid, true);
  const t0 = performance.now();
  for (let i = 0; i < postings; i++) await post(i);
  const wall = performance.now() - t0;
  const per = (ms) => (ms / postings).toFixed(2);
  console.log(
    `${postings} postings, one client: ${per(wall)} ms each; CPU per posting: server ${per(cpuOf(server.serverPid) - server0)} ms, PostgreSQL ${per(cpuOf(server.postmasterPid, true) - postgres0)} ms`,
  );
  if (statementStats) {
    const { rows } = await db.query(
      `select calls, mean_exec_time, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
       from pg_stat_statements where calls >= $1 order by total_exec_time desc limit 12`,
      [postings],
    );
    for (const r of rows)
      console.log(`  ${String(r.calls).padStart(6)} calls, ${r.mean_exec_time.toFixed(3)} ms: ${r.query}`);
  }
  client.close?.();
} finally {
  await db.end();
  await server.stop();
}
