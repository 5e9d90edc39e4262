import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeEnv, serverNodeFlags } from '../../scripts/server-flags.mjs';

// The systemd unit runs the built server itself (not `npm start`): it must give it what package.json's
// start script gives, the V8 flags and glibc's malloc settings (docs/benchmarks.md, "The production
// settings"), or production would not be the process the benchmarks measured.
const unit = readFileSync(new URL('../../deploy/systemd/namjai@.service', import.meta.url), 'utf8');

describe('the production settings', () => {
  it('are the same in npm start and the systemd unit', () => {
    const saved = { flags: process.env.BENCH_NODE_FLAGS, env: process.env.BENCH_NODE_ENV };
    delete process.env.BENCH_NODE_FLAGS;
    delete process.env.BENCH_NODE_ENV;
    try {
      const env = serverNodeEnv();
      expect(env.MALLOC_ARENA_MAX).toBe('2');
      expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
      const unitEnv = Object.fromEntries(
        [...unit.matchAll(/^Environment=([A-Z_][A-Z0-9_]*)=(\S+)$/gm)].map((m) => [m[1], m[2]]),
      );
      for (const [name, value] of Object.entries(env)) expect(unitEnv[name], name).toBe(value);
      const exec = /^ExecStart=\S+\/node((?:\s+--\S+)*)\s+server\/dist\/main\.js$/m.exec(unit);
      expect(exec?.[1].trim().split(/\s+/)).toEqual(serverNodeFlags());
    } finally {
      if (saved.flags !== undefined) process.env.BENCH_NODE_FLAGS = saved.flags;
      if (saved.env !== undefined) process.env.BENCH_NODE_ENV = saved.env;
    }
  });
});
