import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeParts } from './vite-plugins/locale-parts.ts';

const clientDir = fileURLToPath(new URL('.', import.meta.url));

// Route tree generation is left to `vite build`/`vite dev`; tests import the committed routeTree.gen.ts.
export default defineConfig({
  root: clientDir,
  // Tests get every language whole at once (no waiting for a part after a language switch).
  plugins: [react(), localeParts(`${clientDir}src/locales`, { whole: true })],
  test: {
    name: 'client',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // Files share a worker's modules and jsdom page: importing React, Chakra and the app again for
    // each of ~80 files was 132 s of import and 80 s of environment on two cores (362 s → 70-85 s
    // alone). What a file would find left by the one before is reset in testing/setup.ts.
    isolate: false,
    // The browser tests run beside these (scripts/test.mjs): a form test that takes 2-5 s alone took
    // 21 s on a loaded machine. The limit catches a hang, not slowness (speed is for benchmarks).
    testTimeout: 60_000,
  },
});
