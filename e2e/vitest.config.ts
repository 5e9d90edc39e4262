import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['**/*.browser.test.ts'],
    environment: 'node',
    // One built server and one Chromium for every file (global-setup.ts); each test opens a fresh
    // context in that browser.
    globalSetup: ['./global-setup.ts'],
    // Files one at a time: on two cores the server, its PostgreSQL and Chromium already share them,
    // and the demo members of staff have one session each (a second login ends the first).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
