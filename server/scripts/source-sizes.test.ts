import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesOver, lineCount, maxFileLines, sourceFiles } from './source-files';

describe('source file sizes', () => {
  it(`no source file is over ${maxFileLines} lines (split it by concern; docs/source-size-check.md)`, () => {
    const over = filesOver(maxFileLines).map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, `over ${maxFileLines} lines:\n${over.join('\n')}`).toEqual([]);
  });

  it('covers every package and leaves out tests, generated files and dependencies', () => {
    const root = mkdtempSync(join(tmpdir(), 'source-sizes-'));
    try {
      const files: Record<string, number> = {
        'server/src/a.ts': 401,
        'server/src/a.test.ts': 900,
        'client/src/b.tsx': 400,
        'client/src/b.test.tsx': 900,
        'client/src/gql/graphql.ts': 900,
        'client/src/routeTree.gen.ts': 900,
        'e2e/c.browser.test.ts': 900,
        'e2e/shared.ts': 402,
        'scripts/bench.mjs': 500,
        'new-package/src/d.ts': 450,
        'new-package/config.cjs': 3,
        'migrations/index.ts': 900,
        'node_modules/x/index.ts': 900,
        'server/dist/main.mjs': 900,
        '.data/x.ts': 900,
        'docs/notes.md': 900,
      };
      for (const [file, lines] of Object.entries(files)) {
        mkdirSync(join(root, file, '..'), { recursive: true });
        writeFileSync(join(root, file), 'x;\n'.repeat(lines));
      }
      expect(sourceFiles(root)).toEqual([
        'client/src/b.tsx',
        'e2e/shared.ts',
        'new-package/config.cjs',
        'new-package/src/d.ts',
        'scripts/bench.mjs',
        'server/src/a.ts',
      ]);
      expect(filesOver(400, root)).toEqual([
        { file: 'scripts/bench.mjs', lines: 500 },
        { file: 'new-package/src/d.ts', lines: 450 },
        { file: 'e2e/shared.ts', lines: 402 },
        { file: 'server/src/a.ts', lines: 401 },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('counts lines as an editor numbers them', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });
});
