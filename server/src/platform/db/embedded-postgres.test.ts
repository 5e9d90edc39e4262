import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { bundledPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { canReach, defaultRootRuntimeDir, ensurePostgresUser, rootOwnedDir } from './postgres-as-root';

// Issue 9: as root, `npm start` and `npm test` work in a clone inside a folder other users cannot
// enter (a home folder of mode 700). The repository (binaries in node_modules, DATA_DIR) is played
// by a folder of mode 700 holding a copy of the PostgreSQL distribution.

const root = process.getuid?.() === 0;
const log = createLogger('silent');

describe.skipIf(!root)(
  'embedded PostgreSQL as root in a folder of mode 700 (root only: skipped for other users, who need no postgres user)',
  () => {
    let home: string;
    let runtimeDir: string;
    let binaries: { dir: string; version: string };
    let user: { uid: number; gid: number };

    beforeAll(() => {
      user = ensurePostgresUser(log);
      home = mkdtempSync(join(tmpdir(), 'namjai-home-'));
      chmodSync(home, 0o700);
      const bundled = bundledPostgres();
      binaries = {
        dir: join(home, 'repo', 'node_modules', 'pg-native'),
        version: `${bundled.version}-test-${process.pid}`,
      };
      mkdirSync(join(home, 'repo', 'node_modules'), { recursive: true });
      cpSync(bundled.dir, binaries.dir, { recursive: true, verbatimSymlinks: true });
      // The real runtime folder, in a subfolder of its own that the test removes.
      runtimeDir = mkdtempSync(join(rootOwnedDir(defaultRootRuntimeDir), 'test-'));
      chmodSync(runtimeDir, 0o711);
    }, 60_000);
    afterAll(() => {
      rmSync(home, { recursive: true, force: true });
      rmSync(runtimeDir, { recursive: true, force: true });
    });

    it('cannot reach the repository as the postgres user (the situation under test)', () => {
      expect(canReach(join(binaries.dir, 'bin', 'postgres'), user)).toBe(false);
      expect(canReach(runtimeDir, user)).toBe(true);
    });

    it('starts, keeps data across a restart, and leaves DATA_DIR closed', async () => {
      const dataDir = join(home, 'repo', '.data', 'postgres');
      const first = await startEmbeddedPostgres(dataDir, log, { rootRuntimeDir: runtimeDir, binaries });
      try {
        // The cluster lives under the runtime folder, owned by postgres (0700), linked from DATA_DIR.
        expect(first.clusterDir.startsWith(join(runtimeDir, 'clusters'))).toBe(true);
        expect(readlinkSync(join(dataDir, 'cluster'))).toBe(first.clusterDir);
        const cluster = lstatSync(first.clusterDir);
        expect([cluster.uid, cluster.mode & 0o777]).toEqual([user.uid, 0o700]);
        expect(lstatSync(home).mode & 0o777).toBe(0o700);
        expect(lstatSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
        // The binaries were copied once, root-owned, where postgres reaches them.
        const copy = join(runtimeDir, `postgres-${binaries.version}-${process.platform}-${process.arch}`);
        expect(existsSync(join(copy, '.complete'))).toBe(true);
        expect(lstatSync(copy).uid).toBe(0);
        const client = new pg.Client({ connectionString: first.url('postgres') });
        await client.connect();
        await client.query('create extension if not exists pg_trgm');
        await client.query("create table kept (name text); insert into kept values ('น้ำใจ')");
        await client.end();
      } finally {
        await first.stop();
      }
      const again = await startEmbeddedPostgres(dataDir, log, { rootRuntimeDir: runtimeDir, binaries });
      try {
        expect(again.clusterDir).toBe(first.clusterDir);
        const client = new pg.Client({ connectionString: again.url('postgres') });
        await client.connect();
        const { rows } = await client.query('select name from kept');
        await client.end();
        expect(rows).toEqual([{ name: 'น้ำใจ' }]);
      } finally {
        await again.stop();
      }
    }, 120_000);

    it('refuses, with a clear message, an existing cluster the postgres user cannot reach', async () => {
      const dataDir = join(home, 'old-clone', '.data', 'postgres');
      mkdirSync(join(dataDir, 'cluster'), { recursive: true });
      await expect(
        startEmbeddedPostgres(dataDir, log, { rootRuntimeDir: runtimeDir, binaries }),
      ).rejects.toThrow(/cannot reach the existing cluster/);
    });

    it('removes a throw-away cluster and its link when stopped', async () => {
      const dataDir = join(home, 'test-run');
      const db = await startEmbeddedPostgres(dataDir, log, {
        rootRuntimeDir: runtimeDir,
        binaries,
        persistent: false,
      });
      const clusterDir = db.clusterDir;
      await db.stop();
      expect(existsSync(clusterDir)).toBe(false);
      expect(lstatSync(join(dataDir, 'cluster'), { throwIfNoEntry: false })).toBeUndefined();
    }, 120_000);
  },
);

describe('embedded PostgreSQL and signals', () => {
  it('is stopped (and a throw-away cluster removed) when a process without its own handler gets SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'namjai-signal-'));
    chmodSync(dir, 0o755);
    const script = join(dir, 'start.mts');
    const source = (name: string) => JSON.stringify(join(import.meta.dirname, name));
    writeFileSync(
      script,
      `import { startEmbeddedPostgres } from ${source('embedded-postgres.ts')};
import { createLogger } from ${source('../logger.ts')};
const db = await startEmbeddedPostgres(${JSON.stringify(join(dir, 'postgres'))}, createLogger('silent'), { persistent: false });
console.log(db.clusterDir);
setInterval(() => {}, 1000);
`,
    );
    const repo = join(import.meta.dirname, '..', '..', '..', '..');
    const child = spawn(process.execPath, [join(repo, 'node_modules', 'tsx', 'dist', 'cli.mjs'), script], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const clusterDir = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
        child.once('exit', (code: number | null) => reject(new Error(`exited with ${code} before starting`)));
      });
      expect(existsSync(join(clusterDir, 'postmaster.pid'))).toBe(true);
      const exited = new Promise<number | null>((resolve) =>
        child.once('exit', (code: number | null) => resolve(code)),
      );
      child.kill('SIGTERM');
      expect(await exited).toBe(143);
      expect(existsSync(clusterDir)).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
