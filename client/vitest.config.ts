import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const clientDir = fileURLToPath(new URL('.', import.meta.url));

// Route tree generation is left to `vite build`/`vite dev`; tests import the committed routeTree.gen.ts.
export default defineConfig({
  root: clientDir,
  plugins: [react()],
  test: {
    name: 'client',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
