// The export part of `npm run bench` (issue 13: "export of 100,000 rows to XLSX: time and peak
// memory of the server process; aim under 10 s and under 300 MB"), against the built server
// (server/dist/main.js) on a fresh database of its own:
//   1. load 100,000 goods donations (about 5 items each) as the donations part does (loadDonations);
//   2. GET /api/export/donation-history?format=xlsx as the demo administrator (whose scope holds
//      them all): the real route, its filters and data scope, a cursor over the list's statement,
//      the streamed XLSX writer; wall time to the last byte, and the server process's resident
//      memory sampled every 20 ms (and its kernel high-water mark, reset before the export);
//   3. the file read back with exceljs's streaming reader: its rows must be the X-Total-Count;
//   4. the same list as CSV, for comparison.
// Started by bench-start.mjs (BENCH_ONLY=export runs only this part); docs/benchmarks.md.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { loadDonations } from './bench-donations.mjs';
import { fmt, gql, load, startServer } from './bench-kit.mjs';
import { serverNodeEnv, serverNodeFlags } from './server-flags.mjs';

const scale = Number(process.env.BENCH_EXPORT_SCALE || 1);

function plan() {
  return {
    donations: Math.round(100_000 * scale),
    donors: 2_000,
    storages: 20,
    ownStorages: 5,
    resources: 200,
  };
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid) {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Resets the kernel's peak-RSS mark of a process (clear_refs 5); false where not allowed. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Downloads an export, sampling the server's memory; the body is counted, not kept (unless keep). */
async function download(url, token, pid, keep) {
  const before = memoryOf(pid);
  const peakReset = resetPeak(pid);
  let peak = before?.rss ?? 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m && m.rss > peak) peak = m.rss;
  }, 20);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`export ${res.status}: ${await res.text()}`);
  const firstByte = performance.now() - t0;
  const chunks = [];
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    if (keep) chunks.push(chunk);
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  const after = memoryOf(pid);
  return {
    ms,
    firstByte,
    bytes,
    total: Number(res.headers.get('x-total-count')),
    before: before?.rss ?? Number.NaN,
    peak,
    hwm: peakReset ? (after?.hwm ?? Number.NaN) : Number.NaN,
    body: keep ? Buffer.concat(chunks) : null,
  };
}

/** Data rows of an XLSX (header excluded), read with exceljs's streaming reader. */
async function xlsxDataRows(buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  let second = null;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows++;
      if (rows === 2) second = row.values.slice(1);
    }
  }
  return { rows: rows - 1, second };
}

export async function runExportBench() {
  const p = plan();
  const rows = [];
  const notes = [];
  const row = (label, value, unit = '') => rows.push({ label, value, unit });
  notes.push(`machine: ${cpus().length} cores; load average at start ${load()}`);
  notes.push(`server flags: ${serverNodeFlags().join(' ') || '(none)'}`);
  const env = Object.entries(serverNodeEnv()).map(([name, value]) => `${name}=${value}`);
  notes.push(`server environment: ${env.join(' ') || '(none)'}`);
  const server = await startServer();
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const loaded = await loadDonations(db, p);
    row(`load ${loaded.donations.toLocaleString('en')} goods donations`, fmt(loaded.ms / 1000, 1), 's');
    const { login } = await gql(
      server.url,
      'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      { u: 'admin.demo', p: 'Namjai-demo-2569' },
    );
    const url = (format) => `${server.url}/api/export/donation-history?format=${format}`;
    // A first small export warms the route up (module loading, JIT) as a running server would be.
    await download(`${url('csv')}&donor=BN-DN-00001`, login.token, server.serverPid, false);
    // A running server has long given back the garbage of its start (migrations, seed) and of the
    // warm-up (V8's memory reducer acts after a minute or two idle): wait BENCH_EXPORT_SETTLE s idle.
    const settle = Number(process.env.BENCH_EXPORT_SETTLE ?? 150) * 1000;
    const s0 = performance.now();
    let last = memoryOf(server.serverPid)?.rss ?? 0;
    const atStart = last;
    while (performance.now() - s0 < settle) {
      await new Promise((r) => setTimeout(r, 5_000));
      const now = memoryOf(server.serverPid)?.rss ?? 0;
      last = now;
    }
    notes.push(
      `server RSS settled from ${fmt(atStart, 0)} to ${fmt(last, 0)} MB in ${fmt((performance.now() - s0) / 1000, 0)} s idle before the export`,
    );

    const xlsx = await download(url('xlsx'), login.token, server.serverPid, true);
    const back = await xlsxDataRows(xlsx.body);
    row(
      `XLSX export: rows in the file / X-Total-Count`,
      `${back.rows.toLocaleString('en')} / ${xlsx.total.toLocaleString('en')}`,
    );
    if (back.rows !== xlsx.total) throw new Error(`the XLSX holds ${back.rows} rows, not ${xlsx.total}`);
    row(
      `XLSX export of ${xlsx.total.toLocaleString('en')} rows: time to last byte (aim < 10 s)`,
      fmt(xlsx.ms / 1000, 2),
      's',
    );
    row('XLSX export: time to first byte', fmt(xlsx.firstByte, 0), 'ms');
    row('XLSX export: file size', fmt(xlsx.bytes / 1024 / 1024, 1), 'MB');
    row(
      'server RSS before / peak sampled during the XLSX export (aim < 300 MB)',
      `${fmt(xlsx.before, 0)} / ${fmt(xlsx.peak, 0)}`,
      'MB',
    );
    row(
      'server peak RSS (kernel VmHWM, reset before the export)',
      Number.isNaN(xlsx.hwm) ? 'n/a' : fmt(xlsx.hwm, 0),
      'MB',
    );
    notes.push(`second row of the XLSX: ${JSON.stringify(back.second)}`);

    const csv = await download(url('csv'), login.token, server.serverPid, false);
    row(
      `CSV export of ${csv.total.toLocaleString('en')} rows: time to last byte`,
      fmt(csv.ms / 1000, 2),
      's',
    );
    row(
      'CSV export: size / server peak RSS sampled',
      `${fmt(csv.bytes / 1024 / 1024, 1)} MB / ${fmt(csv.peak, 0)}`,
      'MB',
    );
  } finally {
    await db.end().catch(() => {});
    if (process.env.BENCH_KEEP === '1') {
      server.detach();
      notes.push(`kept: server ${server.url} (pid ${server.serverPid}), database ${server.databaseUrl}`);
    } else {
      await server.stop();
    }
  }
  notes.push(`load average at the end ${load()}`);
  return { rows, notes };
}

export function printExport({ rows, notes }) {
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log('\nExports (issue 13): docs/benchmarks.md');
  for (const r of rows) console.log(`${r.label.padEnd(width)}  ${String(r.value).padStart(14)} ${r.unit}`);
  for (const n of notes) console.log(n);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printExport(await runExportBench());
