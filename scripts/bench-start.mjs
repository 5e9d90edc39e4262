// `npm run bench`: how long the product takes to build and to start, measured on this machine;
// cold = empty DATA_DIR (initdb, migrations, geography and demo seed), warm = the same DATA_DIR again.
// Then the ledger benchmark (bench-ledger.mjs: 1,000,000 movements, postings per second via GraphQL,
// raw SQL and pgbench, stock card and short-supply latencies), the donations API's
// (bench-donations.mjs: 100,000 goods donations, the nested GraphQL page against hand-written SQL,
// statements per request, receipt PDF render time)
// the disbursements API's (bench-disbursements.mjs: 50,000 resource disbursements, the nested GraphQL
// page against hand-written SQL, statements per request) and the public site (bench-public.mjs:
// JavaScript of the first load of `/`, Lighthouse on four public pages) and the export's
// (bench-export.mjs: 100,000 rows of the donation history as XLSX through the real route, time and
// the server's peak memory). BENCH_ONLY=start, ledger, donations, disbursements, public or export runs
// one part. docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printDisbursements, runDisbursementsBench } from './bench-disbursements.mjs';
import { printDonations, runDonationsBench } from './bench-donations.mjs';
import { printExport, runExportBench } from './bench-export.mjs';
import { freePort, root } from './bench-kit.mjs';
import { printLedger, runLedgerBench } from './bench-ledger.mjs';
import { printPublic, runPublicBench } from './bench-public.mjs';
import { serverNodeEnv, serverNodeFlags } from './server-flags.mjs';

const runs = Number(process.env.BENCH_RUNS || 3);
const only = process.env.BENCH_ONLY || '';
if (!['', 'start', 'ledger', 'donations', 'disbursements', 'public', 'export'].includes(only)) {
  throw new Error(`BENCH_ONLY is start, ledger, donations, disbursements, public or export, not "${only}"`);
}

function timed(label, fn) {
  const t0 = performance.now();
  fn();
  return { label, ms: Math.round(performance.now() - t0) };
}

async function startOnce(dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags(), join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...serverNodeEnv(),
      DATABASE_URL: '',
      DATABASE_OWNER_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = Math.round(performance.now() - t0);
  const query = '{ organisationTree { code children { code children { code children { code } } } } }';
  const q0 = performance.now();
  for (let i = 0; i < 50; i++) {
    await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
  }
  const treeMs = (performance.now() - q0) / 50;
  const r0 = performance.now();
  for (let i = 0; i < 50; i++)
    await (await fetch(`http://127.0.0.1:${port}/api/common/resource-tree`)).json();
  const resourceTreeMs = (performance.now() - r0) / 50;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { ms, treeMs, resourceTreeMs };
}

function build(args) {
  const result = spawnSync('npm', ['run', 'build', ...args], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`npm run build ${args.join(' ')} failed: run it to see why`);
}

async function benchStart() {
  const rows = [];
  rows.push(timed('build client + server', () => build([])));
  const cold = [];
  const warm = [];
  const tree = [];
  const resourceTree = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'namjai-bench-'));
    chmodSync(dataDir, 0o755);
    const c = await startOnce(dataDir);
    const w = await startOnce(dataDir);
    cold.push(c.ms);
    warm.push(w.ms);
    tree.push(w.treeMs);
    resourceTree.push(w.resourceTreeMs);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  rows.push({ label: `cold start to ready (median of ${runs})`, ms: median(cold) });
  rows.push({ label: `warm start to ready (median of ${runs})`, ms: median(warm) });
  rows.push({ label: 'organisation tree query, 4 levels (mean of 50)', ms: Number(median(tree).toFixed(1)) });
  rows.push({
    label: 'GET /api/common/resource-tree, demo data (mean of 50)',
    ms: Number(median(resourceTree).toFixed(1)),
  });
  return rows;
}

const startRows = only === '' || only === 'start' ? await benchStart() : null;
// The ledger, donations and disbursements parts run the built server; alone, they build the server
// only (a few seconds). The public part needs the client too.
if (['ledger', 'donations', 'disbursements', 'export'].includes(only)) build(['-w', 'server']);
if (only === 'public') build([]);
const ledger = only === '' || only === 'ledger' ? await runLedgerBench() : null;
const donations = only === '' || only === 'donations' ? await runDonationsBench() : null;
const disbursements = only === '' || only === 'disbursements' ? await runDisbursementsBench() : null;
const publicSite = only === '' || only === 'public' ? await runPublicBench() : null;
const exportBench = only === '' || only === 'export' ? await runExportBench() : null;
if (startRows) {
  console.log('\nBuild and start');
  for (const r of startRows) console.log(`${r.label.padEnd(52)} ${String(r.ms).padStart(8)} ms`);
}
if (ledger) printLedger(ledger);
if (donations) printDonations(donations);
if (disbursements) printDisbursements(disbursements);
if (publicSite) printPublic(publicSite);
if (exportBench) printExport(exportBench);
