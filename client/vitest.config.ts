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
    testTimeout: 20_000,
  },
});
