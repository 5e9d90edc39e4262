import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('generated client types', () => {
  it('match schema.graphql and the operations in client/src (run `npm run codegen` when this fails)', async () => {
    const cwd = process.cwd();
    process.chdir(repoRoot);
    try {
      const outputs = (await generate({ ...config, silent: true }, false)) as {
        filename: string;
        content: string;
      }[];
      expect(outputs.length).toBeGreaterThan(0);
      for (const { filename, content } of outputs) {
        expect(readFileSync(join(repoRoot, filename), 'utf8'), filename).toBe(content);
      }
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);
});
