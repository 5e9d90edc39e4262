// Decides whether a workspace's build output is older than its inputs. First by modification times
// (cheap); when an input looks newer, by a hash of the inputs' contents compared with the one stored
// beside the output at its build (`.build-hash`): a checkout or a copy that only touched the files
// does not rebuild, an edit or a new lockfile does (docs/start-and-memory.md).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const skipped = new Set(['node_modules', 'dist']);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (skipped.has(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** A hash of the inputs' paths and contents (directories walked in name order). */
export function inputsHash(inputs) {
  const hash = createHash('sha256');
  const add = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (!skipped.has(entry)) add(join(path, entry));
      return;
    }
    hash.update(`${path}\0`);
    hash.update(readFileSync(path));
    hash.update('\0');
  };
  for (const input of inputs) add(input);
  return hash.digest('hex');
}

const hashFile = (output) => join(dirname(output), '.build-hash');

/**
 * The record of the last build by `npm start`: the inputs' hash and the output's time then. A build
 * made otherwise (`npm run build`, a bench) changes the output's time and voids the record.
 */
function readRecord(output) {
  try {
    const record = JSON.parse(readFileSync(hashFile(output), 'utf8'));
    return record.output === statSync(output).mtimeMs ? record.hash : null;
  } catch {
    return null;
  }
}

/** Records the inputs a build was made from (after the build: a build may empty its output folder). */
export function recordBuild(output, inputs, hash = inputsHash(inputs)) {
  writeFileSync(hashFile(output), `${JSON.stringify({ hash, output: statSync(output).mtimeMs })}\n`);
}

/** True when `output` is missing or any of `inputs` changed since it was built. */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  if (!inputs.some((input) => newestMtime(input) > built)) return false;
  const stored = readRecord(output);
  const hash = stored && inputsHash(inputs);
  if (!stored || stored !== hash) return true;
  // Same contents: the build stands; its time moves on so the next check is the cheap one.
  const now = new Date();
  utimesSync(output, now, now);
  recordBuild(output, inputs, hash);
  return false;
}

export const targets = {
  client: {
    output: 'client/dist/index.html',
    inputs: [
      'client/src',
      'client/public',
      // The build's own steps after Vite: prerendering and the compressed copies.
      'client/scripts',
      'client/vite-plugins',
      'client/index.html',
      'client/vite.config.ts',
      'client/package.json',
      'package-lock.json',
    ],
  },
  server: {
    output: 'server/dist/main.js',
    inputs: ['server/src', 'migrations', 'server/package.json', 'server/tsconfig.json', 'package-lock.json'],
  },
};
