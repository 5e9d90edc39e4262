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
// Started by bench-start.mjs (BENCH_ONLY=public runs only this part); docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Launcher } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { freePort, root } from './bench-kit.mjs';

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
const KIB = 1024;

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

/**
 * Total blocking time counted from the CPU time of the page's main-thread tasks, a figure a shared
 * machine hardly moves. Lighthouse's own counts each task's wall time: on a busy machine a task
 * waits for a core and reads several times longer than it worked (its 4× slowdown then multiplies
 * that wait too). Here each task after the observed first contentful paint counts its thread time:
 * Σ max(0, 4 · CPU time − 50 ms), to the end of the trace (Lighthouse stops at time to interactive).
 * Also the longest task's CPU time and the CPU time of all of them after the paint.
 */
export function blockingFromCpu(trace) {
  const events = trace?.traceEvents ?? [];
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'))
    .at(-1);
  if (!navigation) return { tbtCpu: Number.NaN, longestCpu: Number.NaN, cpuAfterPaint: Number.NaN };
  const { pid } = navigation;
  const main = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )?.tid;
  const paint = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')?.ts ?? navigation.ts;
  let tbtCpu = 0;
  let longestCpu = 0;
  let cpuAfterPaint = 0;
  for (const e of events) {
    if (e.pid !== pid || e.tid !== main || e.name !== 'RunTask' || e.ph !== 'X' || e.ts < paint) continue;
    const ms = (e.tdur ?? e.dur) / 1000;
    cpuAfterPaint += ms;
    longestCpu = Math.max(longestCpu, ms);
    tbtCpu += Math.max(0, 4 * ms - 50);
  }
  return {
    tbtCpu: Math.round(tbtCpu),
    longestCpu: Math.round(longestCpu),
    cpuAfterPaint: Math.round(cpuAfterPaint),
  };
}

export async function runLighthouse(port, url, saveAs, blockedUrlPatterns = []) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    blockedUrlPatterns,
  });
  if (result.lhr.runtimeError)
    throw new Error(
      `Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
    );
  if (saveAs) writeFileSync(saveAs, JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const ms = (id) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    si: ms('speed-index'),
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    bytes: Math.round((audits['total-byte-weight']?.numericValue ?? 0) / KIB),
    // Lighthouse's own measure of how fast this machine's CPU was during the run (higher is faster; it
    // scales what it measured by 4 whatever this is): on a shared machine it explains much of the spread.
    benchmarkIndex: Math.round(result.lhr.environment?.benchmarkIndex ?? Number.NaN),
    ...blockingFromCpu(result.artifacts?.Trace),
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/**
 * A pass-through proxy to the server that drops the Referrer-Policy header, for Lighthouse only: the
 * packaged Chromium (@sparticuz/chromium 147) crashes its renderer when Lighthouse traces a page
 * that sends one (any value; a plain page with that one header is enough). The header has no bearing
 * on performance or accessibility; every byte of every response passes through unchanged.
 */
export function withoutReferrerPolicy(target) {
  const upstream = new URL(target);
  const proxy = createHttpServer((req, res) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['referrer-policy'];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return new Promise((done) =>
    proxy.listen(0, '127.0.0.1', () =>
      done({
        url: `http://127.0.0.1:${proxy.address().port}`,
        close: () => new Promise((r) => proxy.close(r)),
      }),
    ),
  );
}

/**
 * The Chromium Lighthouse drives, started with a DevTools port (Lighthouse opens its own tab) the way
 * the Lighthouse CLI starts it (`npx lighthouse <url> --chrome-flags="--headless=new"`): chrome-launcher's
 * own flags, a fresh profile, and a new browser for every run (`lighthouseRun`), since a browser's first
 * page is drawn later than the next ones (its compositor and display service start with it).
 *
 * Headless, so that it runs on a machine without a display (issue 24): a full Chromium (Debian's
 * /usr/bin/chromium, CHROMIUM_PATH) in its new headless mode (`--headless=new`, the browser a phone's
 * Chrome is, without a window), with its own GPU setting as the CLI leaves it (no `--disable-gpu`:
 * without a GPU Chromium composites in software in its GPU process, as on a phone without one).
 * The packaged @sparticuz/chromium is chrome-headless-shell and brings its own `--headless='shell'`,
 * the only mode it has; its software GPU runs on the page's own thread (`--in-process-gpu`,
 * SwiftShader), where Lighthouse would count painting as blocking script time, so that build runs
 * with `--disable-gpu` instead. `headless` in the answer says which. docs/benchmarks.md.
 */
export async function startLighthouseChromium(executablePath, args) {
  const profile = mkdtempSync(join(tmpdir(), 'namjai-bench-chromium-'));
  const softwareGpu = ['--in-process-gpu', '--use-gl=', '--use-angle=', '--enable-unsafe-swiftshader'];
  const own = args.find((a) => a.startsWith('--headless'));
  const headless = own ?? '--headless=new';
  const kept = args.filter(
    (a) => a !== own && (own ? !softwareGpu.some((flag) => a.startsWith(flag)) : a !== '--disable-gpu'),
  );
  const lighthouseArgs = [...Launcher.defaultFlags(), ...kept, headless, ...(own ? ['--disable-gpu'] : [])];
  const port = await freePort();
  const child = spawn(
    executablePath,
    [...lighthouseArgs, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    // Chromium may still be writing its profile as it ends: wait for it before removing the folder.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill();
      await exited;
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  for (let i = 0; ; i++) {
    try {
      // The browser's full version (its user agent carries the major only): these machines' Debian
      // package lists can be months old, and `apt-get install chromium` without `apt-get update`
      // installs an older major than Debian's current one (docs/benchmarks.md, "Three Chromiums").
      const { Browser } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
      return { port, stop, headless, version: String(Browser).replace(/^[^/]*\//, '') };
    } catch (error) {
      if (i > 100 || child.exitCode !== null) {
        await stop();
        throw error;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** One Lighthouse run in a Chromium started for it and closed after it, as the Lighthouse CLI does. */
export async function lighthouseRun(executablePath, args, url, saveAs, blockedUrlPatterns = []) {
  const browser = await startLighthouseChromium(executablePath, args);
  try {
    return {
      ...(await runLighthouse(browser.port, url, saveAs, blockedUrlPatterns)),
      headless: browser.headless,
      browserVersion: browser.version,
    };
  } finally {
    await browser.stop();
  }
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
