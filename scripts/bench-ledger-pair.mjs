// Two builds of the server compared on the ledger bench's GraphQL posting, interleaved so that both
// meet the same load (docs/benchmarks.md, "The server's side of a posting"): each build started on
// a database of its own with the ledger bench's data (BENCH_LEDGER_SCALE), then `rounds` rounds of
// `seconds` of postings (8 clients, 4 hot balances, gqlClient) to one and then the other, the order
// alternating; the server's and PostgreSQL's CPU per posting of each over all rounds.
//   npm run build -w server && cp -r server/dist /tmp/dist-b   (and likewise the other build)
//   npx node scripts/bench-ledger-pair.mjs /tmp/dist-a /tmp/dist-b [rounds=8] [seconds=3]
// Each build is copied into server/dist before its server starts (a server loads it once); the
// server/dist there before is put back at the end.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpuOf, gqlClient, load, root, startServer } from './bench-kit.mjs';
import { benchLogins, hotBalancesSql, loadLedger, plan } from './bench-ledger-load.mjs';
import { postingRun } from './bench-ledger-postings.mjs';
import { createAndPostHot } from './bench-ledger-queries.mjs';

const [distA, distB, rounds = 8, secs = 3] = process.argv.slice(2);
if (!distA || !distB) throw new Error('usage: bench-ledger-pair.mjs <dist A> <dist B> [rounds] [seconds]');
const p = plan();
const dist = join(root, 'server/dist');
const saved = join(mkdtempSync(join(tmpdir(), 'namjai-pair-')), 'dist');
cpSync(dist, saved, { recursive: true });
async function setup(build) {
  rmSync(dist, { recursive: true, force: true });
  cpSync(build, dist, { recursive: true });
  const server = await startServer();
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  await loadLedger(db, p);
  const ids = (await db.query(hotBalancesSql)).rows;
  const {
    rows: [refs],
  } = await db.query(
    `select (select id from ref_missing_excess_reason where code = 'COUNT-ERROR') as reason`,
  );
  const clients = (await benchLogins(db, server.url, p.clients)).map((token) => gqlClient(server.url, token));
  const cpu = { server: () => cpuOf(server.serverPid), postgres: () => cpuOf(server.postmasterPid, true) };
  const post = (client, i) =>
    createAndPostHot(clients[client], ids[(client + i) % ids.length], i, refs.reason);
  return { server, db, clients, cpu, post, total: { n: 0, server: 0, postgres: 0, errors: 0 } };
}
let A;
let B;
try {
  A = await setup(distA);
  B = await setup(distB);
} catch (err) {
  await A?.server.stop();
  rmSync(dist, { recursive: true, force: true });
  cpSync(saved, dist, { recursive: true });
  throw err;
}
console.log(`load at start ${load()}`);
try {
  for (const s of [A, B]) await postingRun(p.clients, 2, s.post, s.cpu); // warm-up
  for (let r = 0; r < Number(rounds); r++) {
    for (const s of r % 2 ? [B, A] : [A, B]) {
      const res = await postingRun(p.clients, Number(secs), s.post, s.cpu);
      s.total.n += res.postings;
      s.total.errors += res.errors;
      s.total.server += res.cpu.server * res.postings;
      s.total.postgres += res.cpu.postgres * res.postings;
    }
  }
  for (const [name, s] of [
    ['A', A],
    ['B', B],
  ])
    console.log(
      `${name}: ${s.total.n} postings, ${s.total.errors} errors, server ${(s.total.server / s.total.n).toFixed(2)} ms, PostgreSQL ${(s.total.postgres / s.total.n).toFixed(2)} ms per posting`,
    );
  console.log(`load at end ${load()}`);
} finally {
  for (const s of [A, B]) {
    for (const c of s.clients) c.close();
    await s.db.end();
    await s.server.stop();
  }
  rmSync(dist, { recursive: true, force: true });
  cpSync(saved, dist, { recursive: true });
  rmSync(saved, { recursive: true, force: true });
}
