import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNode } from '../../../scripts/node-version.mjs';
import { findRepoRoot } from './config';

const root = findRepoRoot();
const dir = mkdtempSync(join(tmpdir(), 'namjai-boot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Node.js version check', () => {
  it('refuses what is older than package.json engines, naming both versions', () => {
    const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
    expect(engines).toBe(`>=${requiredNode}`);
    expect(nodeVersionProblem('20.20.2')).toMatch(
      /needs Node\.js 22\.17 or newer.*this is Node\.js 20\.20\.2/,
    );
    expect(nodeVersionProblem('22.16.0')).toMatch(/this is Node\.js 22\.16\.0/);
    for (const fine of ['22.17.0', '22.20.1', '23.0.0', '24.21.0', '26.1.0'])
      expect(nodeVersionProblem(fine)).toBeNull();
  });

  it('is the first thing the built entry does: on an old Node.js the server bundle is never imported', async () => {
    // The entry as `npm run build -w server` builds it (dist/main.js from src/boot.ts), beside a
    // stand-in for the server bundle (dist/app.js) that says when it is imported.
    const script = JSON.parse(readFileSync(join(root, 'server', 'package.json'), 'utf8')).scripts.build;
    expect(script).toContain('esbuild src/boot.ts --bundle --platform=node --format=esm --target=node18');
    expect(script).toContain('--outfile=dist/main.js');
    await build({
      entryPoints: [join(root, 'server', 'src', 'boot.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node18',
      outfile: join(dir, 'main.js'),
      logLevel: 'silent',
    });
    writeFileSync(join(dir, 'app.js'), `console.log('server bundle imported');\n`);
    const run = (version?: string) =>
      spawnSync(
        process.execPath,
        [
          ...(version
            ? [
                '--import',
                `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${version}'})`,
              ]
            : []),
          join(dir, 'main.js'),
        ],
        { encoding: 'utf8' },
      );
    const old = run('20.11.1');
    expect(old.status).toBe(1);
    expect(old.stderr).toContain('Namjai could not start: Namjai needs Node.js 22.17 or newer');
    expect(old.stdout).not.toContain('server bundle imported');
    const current = run();
    expect(current.status).toBe(0);
    expect(current.stdout).toContain('server bundle imported');
  });
});
