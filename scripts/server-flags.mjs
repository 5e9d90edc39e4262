// The Node/V8 flags the server runs with in production: the ones `npm start` (package.json) gives
// before scripts/start.mjs, which runs the server in its own process. The benches start
// server/dist/main.js with the same flags, so their figures are the deployed server's.
// BENCH_NODE_FLAGS (space-separated; "none" for none) overrides them, to compare settings.
// Why these flags: docs/benchmarks.md, "The export part".
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The flags of package.json's start script (`node <flags> scripts/start.mjs`), or BENCH_NODE_FLAGS. */
export function serverNodeFlags() {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override === 'none' ? [] : override.split(/\s+/).filter(Boolean);
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const m = /^node((?:\s+--[\w-]+(?:=\S+)?)*)\s+scripts\/start\.mjs$/.exec(start);
  if (!m) throw new Error(`package.json's start script is not "node [flags] scripts/start.mjs": ${start}`);
  return m[1].split(/\s+/).filter(Boolean);
}
