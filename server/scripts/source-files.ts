import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// The source files the size rules cover (docs/source-size-check.md): every .ts, .tsx, .mjs and .cjs
// file of the repository, found by walking it (so a new top-level package is covered without being
// listed here), except tests and generated files. One list for the check and the report.

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A source file may have at most this many lines. */
export const maxFileLines = 400;
/** The report lists functions longer than this. */
export const maxFunctionLines = 80;

const sourceFile = /\.(ts|tsx|mjs|cjs)$/;
const testFile = /\.test\.(ts|tsx|mjs|cjs)$/; // also *.browser.test.ts
const skippedFolders = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const generated = [/^client\/src\/gql\//, /\.gen\.ts$/, /^migrations\/index\.ts$/];

/** Paths relative to the repository root, with forward slashes, sorted. */
export function sourceFiles(root = repoRoot): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      // Hidden entries (.git, .data, tool configuration) are not source.
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) walk(path);
      } else if (entry.isFile() && sourceFile.test(entry.name) && !testFile.test(entry.name)) {
        const name = relative(root, path).split(sep).join('/');
        if (!generated.some((pattern) => pattern.test(name))) found.push(name);
      }
    }
  };
  walk(root);
  return found.sort();
}

/** Lines as an editor numbers them (a final newline does not start another line). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The files with more than `limit` lines, longest first. */
export function filesOver(limit: number, root = repoRoot): { file: string; lines: number }[] {
  return sourceFiles(root)
    .map((file) => ({ file, lines: lineCount(readFileSync(join(root, file), 'utf8')) }))
    .filter(({ lines }) => lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}
