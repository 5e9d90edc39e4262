import { defineConfig } from 'vitest/config';

// Three projects: server integration tests on real PostgreSQL, client component tests in jsdom, and
// browser tests driving Chromium against the built server (e2e).
export default defineConfig({
  test: {
    projects: ['server/vitest.config.ts', 'client/vitest.config.ts', 'e2e/vitest.config.ts'],
  },
});
