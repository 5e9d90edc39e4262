import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Layers point one way: features use the platform, the registry lists features, and the platform
// never imports a feature, the registry, the app or the test harness.

const src = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const importPattern = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

describe('layers', () => {
  it('keeps the platform free of imports from features, the registry, the app and the test harness', () => {
    const forbidden = ['features', 'registry', 'app', 'main', 'testing', 'app-tests'];
    const offences: string[] = [];
    for (const file of files(join(src, 'platform'))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(importPattern)) {
        const target = relative(src, resolve(file, '..', spec));
        if (forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
          offences.push(`${relative(src, file)} imports ${target}`);
      }
    }
    expect(offences).toEqual([]);
  });
});
