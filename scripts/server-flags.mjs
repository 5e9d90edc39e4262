// The Node/V8 flags and the environment the server runs with in production: the ones `npm start`
// (package.json) gives before scripts/start.mjs, which runs the server in its own process. The
// benches start server/dist/main.js with the same, so their figures are the deployed server's.
// BENCH_NODE_FLAGS and BENCH_NODE_ENV (space-separated; "none" for none) override them, to compare
// settings.
// Why these flags: docs/benchmarks.md, "The export part".
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// package.json's start script: `[NAME=value …] node [flags] scripts/start.mjs`.
const START = /^((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+scripts\/start\.mjs$/;

function startScript() {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const m = START.exec(start);
  if (!m)
    throw new Error(
      `package.json's start script is not "[NAME=value …] node [flags] scripts/start.mjs": ${start}`,
    );
  return { env: m[1].split(/\s+/).filter(Boolean), flags: m[2].split(/\s+/).filter(Boolean) };
}

/** The flags of package.json's start script (`node <flags> scripts/start.mjs`), or BENCH_NODE_FLAGS. */
export function serverNodeFlags() {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override === 'none' ? [] : override.split(/\s+/).filter(Boolean);
  return startScript().flags;
}

/**
 * The environment package.json's start script gives the server (`NAME=value` before `node`: glibc's
 * malloc arenas, docs/benchmarks.md "The export part"), or BENCH_NODE_ENV (space-separated
 * `NAME=value`; "none" for none). As in the start script, it wins over the bench's own environment.
 */
export function serverNodeEnv() {
  const override = process.env.BENCH_NODE_ENV;
  const pairs =
    override !== undefined
      ? override === 'none'
        ? []
        : override.split(/\s+/).filter(Boolean)
      : startScript().env;
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}
