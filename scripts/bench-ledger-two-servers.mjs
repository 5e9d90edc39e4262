// One server process against two on one PostgreSQL, the production shape on these 2 cores (docs/
// benchmarks.md, "Round trips shared"): the ledger bench's data (BENCH_LEDGER_SCALE), 8 clients on
// its 4 hot balances, all on the first process or 4 on each, in interleaved rounds of `seconds`;
// postings/s and CPU per posting (both processes' and PostgreSQL's).
//   npm run build -w server && npx node scripts/bench-ledger-two-servers.mjs [rounds=4] [seconds=5]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpuOf, freePort, gqlClient, load, root, startServer } from './bench-kit.mjs';
import { benchLogins, hotBalancesSql, loadLedger, plan } from './bench-ledger-load.mjs';
import { postingRun } from './bench-ledger-postings.mjs';
import { createAndPostHot } from './bench-ledger-queries.mjs';
import { serverNodeEnv, serverNodeFlags } from './server-flags.mjs';

const [rounds = 4, seconds = 5] = process.argv.slice(2).map(Number);
const p = plan();
// One secret for both processes: a token from either is good on the other.
const secret = randomBytes(32).toString('base64url');
const first = await startServer({ JWT_SECRET: secret });
const db = new pg.Client({ connectionString: first.databaseUrl });
await db.connect();
const dir = mkdtempSync(join(tmpdir(), 'namjai-two-servers-'));
let second = null;
try {
  await loadLedger(db, p);
  const port = await freePort();
  const log = openSync(join(dir, 'server.log'), 'a');
  second = spawn(process.execPath, [...serverNodeFlags(), join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...serverNodeEnv(),
      DATABASE_URL: first.databaseUrl,
      DATABASE_OWNER_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: secret,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const secondUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (second.exitCode !== null) throw new Error(`the second server exited with ${second.exitCode}`);
    try {
      if ((await fetch(`${secondUrl}/readyz`)).status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const ids = (await db.query(hotBalancesSql)).rows;
  const {
    rows: [refs],
  } = await db.query(
    `select (select id from ref_missing_excess_reason where code = 'COUNT-ERROR') as reason`,
  );
  const tokens = await benchLogins(db, first.url, p.clients);
  const setups = {
    'one process': tokens.map((t) => gqlClient(first.url, t)),
    'two processes': tokens.map((t, i) => gqlClient(i % 2 ? secondUrl : first.url, t)),
  };
  const cpu = {
    server: () => cpuOf(first.serverPid) + cpuOf(second.pid),
    postgres: () => cpuOf(first.postmasterPid, true),
  };
  const posting = (clients) => (client, i) =>
    createAndPostHot(clients[client], ids[(client + i) % ids.length], i, refs.reason);
  for (const clients of Object.values(setups)) await postingRun(p.clients, 2, posting(clients), cpu);
  const names = Object.keys(setups);
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 ? [...names].reverse() : names) {
      const run = await postingRun(p.clients, seconds, posting(setups[name]), cpu);
      console.log(
        `${name}: ${run.rate.toFixed(1)} postings/s, ${run.errors} errors; CPU per posting: servers ${run.cpu.server.toFixed(2)} ms, PostgreSQL ${run.cpu.postgres.toFixed(2)} ms; load ${load()}`,
      );
    }
  }
} finally {
  second?.kill('SIGTERM');
  await db.end();
  await first.stop();
  rmSync(dir, { recursive: true, force: true });
}
