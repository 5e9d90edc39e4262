// The public part of `npm run bench` (issue 11, "Tests and figures"), against the built app:
//   1. the JavaScript the first load of `/` pulls in, from the build's chunk graph
//      (client/dist/.vite/manifest.json: index.html and the home route's chunks), gzip-compressed as
//      the server sends it, and whether any chunk only the back office needs is among them;
//   2. the same first load in Chromium: every script the page fetched until the network was idle,
//      with the bytes that crossed the wire;
//   3. Lighthouse (mobile profile: a mid-range phone on a slow 4G connection, simulated) on `/`,
//      `/donate-money-by-bank-transfer`, `/near-me` and `/short-supply`: performance and
//      accessibility scores and the metrics behind them.
// The server is server/dist/main.js as deployed (NODE_ENV=production) with the demo data, in a
// temporary DATA_DIR; Chromium is the browser tests' (server/src/platform/pdf/chromium.ts).
// Each Lighthouse run: bench-lighthouse.mjs. Started by bench-start.mjs (BENCH_ONLY=public runs only
// this part); docs/benchmarks.md.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { KIB, root } from './bench-kit.mjs';
import { lighthouseRun, withoutReferrerPolicy } from './bench-lighthouse.mjs';

const dist = join(root, 'client', 'dist');

/** The routes Lighthouse scores (issue 11). */
export const LIGHTHOUSE_PAGES = ['/', '/donate-money-by-bank-transfer', '/near-me', '/short-supply'];
/**
 * What the first load of `/` runs besides index.html's entry: the app (main.tsx loads it after the
 * first paint) and the home route's chunks, the public layout's and the home page's.
 */
const HOME_ROUTE = [
  'src/app-main.tsx',
  'src/routes/_public.tsx?tsr-split=component',
  'src/routes/_public/index.tsx?tsr-split=component',
];

/** Every chunk a set of manifest entries loads before running (static imports, not lazy ones). */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** Every chunk reachable from a set of entries, lazy imports included. */
function fullClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
      visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** The first load of `/` from the chunk graph: files, gzip sizes, and back-office chunks among them. */
export function firstLoadFromBuild(distDir = dist) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const first = staticClosure(manifest, ['index.html', ...HOME_ROUTE]);
  const files = [...first]
    .map((key) => {
      const file = manifest[key].file;
      const body = readFileSync(join(distDir, file));
      // The server's @fastify/compress gzips with zlib's default level.
      return { file, raw: body.length, gzip: gzipSync(body).length };
    })
    .filter((f) => f.file.endsWith('.js'))
    .sort((a, b) => b.gzip - a.gzip);
  // A chunk is the back office's when only back-office routes reach it.
  const entries = Object.keys(manifest).filter((k) => k.startsWith('src/routes/'));
  const backoffice = fullClosure(
    manifest,
    entries.filter((k) => k.startsWith('src/routes/backoffice')),
  );
  const publicSide = fullClosure(manifest, [
    'index.html',
    ...entries.filter((k) => !k.startsWith('src/routes/backoffice')),
  ]);
  const backofficeOnly = [...first].filter((k) => backoffice.has(k) && !publicSide.has(k));
  return {
    files,
    // React's chunk, the app's first (main.tsx asks for it after the first paint).
    react: manifest[Object.keys(manifest).find((k) => manifest[k].name === 'react')]?.file,
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    backofficeOnly,
  };
}

/** What Chromium fetched for `/` until the network was idle: scripts and all, with wire sizes. */
async function firstLoadInBrowser(browser, url) {
  const context = await browser.newContext({ locale: 'th-TH', viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const requests = [];
  page.on('requestfinished', (request) => requests.push(request));
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  const rows = await Promise.all(
    requests.map(async (request) => {
      const sizes = await request.sizes();
      const response = await request.response();
      return {
        path: new URL(request.url()).pathname,
        type: request.resourceType(),
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        body: sizes.responseBodySize,
        encoding: (await response?.headerValue('content-encoding')) ?? '',
      };
    }),
  );
  await context.close();
  const scripts = rows.filter((r) => r.type === 'script');
  return {
    scripts,
    scriptBytes: scripts.reduce((sum, r) => sum + r.body, 0),
    allBytes: rows.reduce((sum, r) => sum + r.wire, 0),
    requests: rows.length,
  };
}

export async function runPublicBench() {
  const build = firstLoadFromBuild();
  const { startBuiltServer } = await tsImport('../e2e/server.ts', import.meta.url);
  const { resolveChromium } = await tsImport('../server/src/platform/pdf/chromium.ts', import.meta.url);
  const server = await startBuiltServer({
    NODE_ENV: 'production',
    SEED_DEMO: '1',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
  });
  const { executablePath, args, source } = await resolveChromium();
  const lighthouseTarget = source === '@sparticuz/chromium' ? await withoutReferrerPolicy(server.url) : null;
  let headless = '';
  let browserVersion = '';
  try {
    // The first load in a browser of its own (playwright's), closed before Lighthouse starts: a
    // second client on the same browser would attach to Lighthouse's tab and upset its navigation.
    const measuring = await chromium.launch({ executablePath, args, headless: true });
    const loaded = await firstLoadInBrowser(measuring, server.url).finally(() => measuring.close());
    const pages = [];
    // One at a time: Lighthouse drives one tab, and the two cores are busy enough.
    // BENCH_LIGHTHOUSE_DIR=<folder> keeps each page's full report (JSON; open it in the Lighthouse viewer).
    const reports = process.env.BENCH_LIGHTHOUSE_DIR;
    if (reports) mkdirSync(reports, { recursive: true });
    // Lighthouse's own advice: several runs, the median. Its simulated phone scales what this
    // machine's CPU took, so a busy machine reads slower than a quiet one; the load is printed.
    const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
    for (const path of LIGHTHOUSE_PAGES) {
      const url = `${lighthouseTarget?.url ?? server.url}${path}`;
      const results = [];
      for (let run = 1; run <= runs; run++) {
        const saveAs = reports ? join(reports, `${path.slice(1) || 'home'}-${run}.json`) : null;
        const result = await lighthouseRun(executablePath, args, url, saveAs);
        headless = result.headless;
        browserVersion = result.browserVersion;
        results.push({ ...result, load: loadavg()[0] });
      }
      results.sort((a, b) => a.performance - b.performance);
      const median = results[Math.floor(results.length / 2)];
      // The same page once more with React's chunk blocked, so the app never starts: the score of the
      // prerendered HTML and CSS alone, in the same conditions. What separates the two is the app's
      // start-up and its first answers on this machine (docs/public-site.md, "What a Lighthouse run
      // costs the machine").
      if (!build.react) throw new Error('no chunk named react in the build manifest (client/vite.config.ts)');
      const copyAlone = {
        ...(await lighthouseRun(executablePath, args, url, null, [`*/${build.react}`])),
        load: loadavg()[0],
      };
      pages.push({ path, ...median, runs: results.map((r) => r.performance), copyAlone });
    }
    return {
      build,
      loaded,
      pages,
      chromium: `${source} ${browserVersion}, ${headless}, a new browser each run`,
      proxied: lighthouseTarget !== null,
    };
  } finally {
    await lighthouseTarget?.close();
    await server.stop();
  }
}

export function printPublic({ build, loaded, pages, chromium: browser, proxied }) {
  const kib = (n) => `${(n / KIB).toFixed(1)} KiB`;
  console.log('\nPublic site: first load of /');
  console.log(
    `${'JavaScript from the build (index.html + home route), gzip'.padEnd(62)} ${kib(build.gzip).padStart(11)} (${kib(build.raw)} raw, ${build.files.length} files)`,
  );
  for (const f of build.files.slice(0, 8)) console.log(`  ${f.file.padEnd(58)} ${kib(f.gzip).padStart(11)}`);
  console.log(
    `${'  chunks only the back office uses'.padEnd(62)} ${String(build.backofficeOnly.length).padStart(11)}`,
  );
  console.log(
    `${'JavaScript fetched by Chromium until idle (wire, gzip)'.padEnd(62)} ${kib(loaded.scriptBytes).padStart(11)} (${loaded.scripts.length} files)`,
  );
  console.log(
    `${'everything fetched until idle'.padEnd(62)} ${kib(loaded.allBytes).padStart(11)} (${loaded.requests} requests)`,
  );
  console.log(
    `\nLighthouse, mobile profile (Chromium: ${browser}${proxied ? '; Referrer-Policy dropped on the way, see withoutReferrerPolicy' : ''})`,
  );
  console.log(
    `${'page (median run)'.padEnd(34)} perf  a11y     FCP     LCP     TBT      SI    CLS    bytes  load  cpu  perf of each run`,
  );
  for (const p of pages) {
    console.log(
      `${p.path.padEnd(34)} ${String(p.performance).padStart(4)}  ${String(p.accessibility).padStart(4)} ${`${p.fcp} ms`.padStart(8)}${`${p.lcp} ms`.padStart(8)}${`${p.tbt} ms`.padStart(8)}${`${p.si} ms`.padStart(8)} ${p.cls.toFixed(3).padStart(6)} ${`${p.bytes} KiB`.padStart(8)} ${p.load.toFixed(1).padStart(5)} ${String(p.benchmarkIndex).padStart(4)}  ${p.runs.join(' ')}`,
    );
    // blockingFromCpu: the same run's blocking time from its tasks' CPU time rather than wall time.
    console.log(
      `  from CPU time: TBT ${p.tbtCpu} ms, longest task ${p.longestCpu} ms, main thread after the first paint ${p.cpuAfterPaint} ms`,
    );
    const c = p.copyAlone;
    console.log(
      `  the prerendered copy alone (React's chunk blocked, one run): perf ${c.performance}, FCP ${c.fcp} ms, LCP ${c.lcp} ms, TBT ${c.tbt} ms, load ${c.load.toFixed(1)}`,
    );
    if (p.failing.length) console.log(`  failing audits: ${p.failing.join(', ')}`);
  }
}
