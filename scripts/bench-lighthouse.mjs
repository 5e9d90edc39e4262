// Lighthouse runs for the public benches (bench-public.mjs, bench-public-compare.mjs): one run in a
// Chromium started for it as the Lighthouse CLI starts one, the figures each bench prints, and the
// blocking time counted from CPU time. docs/benchmarks.md, "The public part".
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Launcher } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, KIB } from './bench-kit.mjs';

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
