import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStale, recordBuild } from '../../../scripts/build-state.mjs';

// npm start's build check (scripts/build-state.mjs): a missing build is built; sources only touched
// (newer times, same contents) keep the build; an edited source or lockfile rebuilds it.

const dir = mkdtempSync(join(tmpdir(), 'namjai-build-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('build state', () => {
  it('builds once, skips while the contents are the same, rebuilds on an edit', () => {
    const src = join(dir, 'src');
    const lock = join(dir, 'package-lock.json');
    const output = join(dir, 'dist', 'main.js');
    const inputs = [src, lock];
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'a.ts'), 'export const a = 1;');
    writeFileSync(lock, '{"v":1}');
    expect(isStale(output, inputs)).toBe(true);

    const build = () => {
      mkdirSync(join(dir, 'dist'), { recursive: true });
      writeFileSync(output, 'built');
      const past = new Date(Date.now() - 60_000);
      for (const f of [join(src, 'a.ts'), src, lock]) utimesSync(f, past, past);
      recordBuild(output, inputs);
    };
    build();
    expect(isStale(output, inputs)).toBe(false);

    // Touched, not changed (a checkout, a copy): the build stands.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(src, 'a.ts'), later, later);
    expect(isStale(output, inputs)).toBe(false);

    writeFileSync(join(src, 'a.ts'), 'export const a = 2;');
    utimesSync(join(src, 'a.ts'), later, later);
    expect(isStale(output, inputs)).toBe(true);
    build();
    expect(isStale(output, inputs)).toBe(false);

    writeFileSync(lock, '{"v":2}');
    utimesSync(lock, later, later);
    expect(isStale(output, inputs)).toBe(true);

    // A build made otherwise (npm run build, a bench) voids the record: touched sources rebuild.
    build();
    writeFileSync(output, 'built by another command');
    utimesSync(join(src, 'a.ts'), new Date(Date.now() + 120_000), new Date(Date.now() + 120_000));
    expect(isStale(output, inputs)).toBe(true);
  });
});
