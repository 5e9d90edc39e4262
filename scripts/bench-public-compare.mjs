// Two builds of the client side by side under the same load: `node scripts/bench-public-compare.mjs
// <client dist A> <client dist B>` (each a copy of client/dist with its prerendered pages, e.g. the
// branch point's and this branch's). Each is served by its own server/dist/main.js (CLIENT_DIST) as
// the public part of the bench serves one, and Lighthouse runs alternate between them (A B, then
// B A, …), so a machine shared with other jobs slows both alike; the public bench's single figures
// move with that load far more than with most changes. Prints the first load's JavaScript of each
// and, per page, the median run of each with every run's score, and the medians of the blocking
// time counted from the tasks' CPU time and of the longest task's CPU time (blockingFromCpu in
// bench-lighthouse.mjs), which a busy machine moves far less than Lighthouse's wall-time TBT.
// docs/benchmarks.md.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { KIB } from './bench-kit.mjs';
import { lighthouseRun, withoutReferrerPolicy } from './bench-lighthouse.mjs';
import { firstLoadFromBuild, LIGHTHOUSE_PAGES } from './bench-public.mjs';

const dists = process.argv.slice(2, 4).map((d) => resolve(d));
if (dists.length !== 2)
  throw new Error('usage: node scripts/bench-public-compare.mjs <client dist A> <client dist B>');
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 5);

const { startBuiltServer } = await tsImport('../e2e/server.ts', import.meta.url);
const { resolveChromium } = await tsImport('../server/src/platform/pdf/chromium.ts', import.meta.url);
for (const [i, d] of dists.entries()) {
  const b = firstLoadFromBuild(d);
  console.log(
    `${'AB'[i]} ${d}: first load of / ${(b.gzip / KIB).toFixed(1)} KiB gzip (${(b.raw / KIB).toFixed(0)} KiB raw, ${b.files.length} files), back-office-only chunks ${b.backofficeOnly.length}`,
  );
}
const servers = [];
const proxies = [];
try {
  for (const d of dists)
    servers.push(
      await startBuiltServer({
        NODE_ENV: 'production',
        SEED_DEMO: '1',
        JWT_SECRET: randomBytes(32).toString('base64url'),
        LOG_LEVEL: 'warn',
        CLIENT_DIST: d,
      }),
    );
  const { executablePath, args, source } = await resolveChromium();
  // As in the public bench: the packaged Chromium needs the Referrer-Policy header dropped (bench-lighthouse.mjs).
  const urls = [];
  for (const server of servers) {
    const proxy = source === '@sparticuz/chromium' ? await withoutReferrerPolicy(server.url) : null;
    if (proxy) proxies.push(proxy);
    urls.push(proxy?.url ?? server.url);
  }
  console.log(
    `Lighthouse, mobile profile, ${runs} runs of each build per page, alternating (Chromium: ${source}, a new browser each run, headless as bench-lighthouse.mjs starts it)`,
  );
  console.log(
    'page                               build perf  a11y     FCP     TBT     LCP    CLS  load   cpu  TBT(CPU) longest(CPU)  perf of each run',
  );
  // BENCH_PAGES=/near-me,/short-supply: only those of the bench's pages.
  const pages = process.env.BENCH_PAGES?.split(',') ?? LIGHTHOUSE_PAGES;
  const versions = new Set();
  for (const path of pages) {
    const results = [[], []];
    for (let run = 0; run < runs; run++) {
      for (const i of run % 2 ? [1, 0] : [0, 1]) {
        const result = await lighthouseRun(executablePath, args, `${urls[i]}${path}`, null);
        versions.add(result.browserVersion);
        results[i].push({ ...result, load: loadavg()[0] });
      }
    }
    for (const i of [0, 1]) {
      const sorted = [...results[i]].sort((a, b) => a.performance - b.performance);
      const m = sorted[Math.floor(sorted.length / 2)];
      const median = (key) => [...results[i]].map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs / 2)];
      console.log(
        `${path.padEnd(34)} ${'AB'[i].padStart(5)} ${String(m.performance).padStart(4)}  ${String(m.accessibility).padStart(4)} ${`${median('fcp')} ms`.padStart(8)}${`${median('tbt')} ms`.padStart(8)}${`${median('lcp')} ms`.padStart(8)} ${median('cls').toFixed(3).padStart(6)} ${median('load').toFixed(1).padStart(5)} ${String(median('benchmarkIndex')).padStart(5)} ${`${median('tbtCpu')} ms`.padStart(9)} ${`${median('longestCpu')} ms`.padStart(12)}  ${results[i].map((r) => r.performance).join(' ')}`,
      );
      if (m.failing.length) console.log(`  failing audits: ${m.failing.join(', ')}`);
    }
  }
  console.log(`Chromium ${[...versions].join(', ')}`);
} finally {
  for (const p of proxies) await p.close();
  for (const s of servers) await s.stop();
}
