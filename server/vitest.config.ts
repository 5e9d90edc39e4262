import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // graphql ships CJS (main) and ESM (module): Node loads the CJS one for our dependencies, so the
  // files vitest transforms must use it too, or "another module or realm" errors follow.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/testing/global-setup.ts'],
    setupFiles: ['reflect-metadata', './src/testing/worker-database.ts'],
    pool: 'forks',
    // Files share a worker's modules (no re-import of the app per file: the import was ~2 s a file).
    // Nothing may start by being imported: a file's server starts in its own beforeAll.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
