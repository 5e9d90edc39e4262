// Decides whether a workspace's build output is older than its inputs (mtime based, no hashing).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when `output` is missing or any of `inputs` changed after it was written. */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

export const targets = {
  client: {
    output: 'client/dist/index.html',
    inputs: [
      'client/src',
      'client/public',
      'client/index.html',
      'client/vite.config.ts',
      'client/package.json',
    ],
  },
  server: {
    output: 'server/dist/main.js',
    inputs: ['server/src', 'migrations', 'server/package.json', 'server/tsconfig.json'],
  },
};
