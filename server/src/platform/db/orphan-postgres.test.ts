import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../config';
import { createLogger } from '../logger';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { clearPreviousServer } from './postgres-process';

// Issue 22: after `kill -9` of the server (the OOM killer), its embedded PostgreSQL ran on as an
// orphan and the next start failed ("postmaster.pid exists"). A process of our own plays the server:
// it starts the embedded PostgreSQL of a DATA_DIR as the server does (startEmbeddedPostgres), and is
// killed with SIGKILL; then the start is done again here.

const log = createLogger('silent');
const dataDir = mkdtempSync(join(tmpdir(), 'namjai-orphan-'));
chmodSync(dataDir, 0o755);
const pgDir = join(dataDir, 'postgres');
let restarted: EmbeddedDatabase | undefined;

afterAll(async () => {
  await restarted?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The server's stand-in: starts the embedded PostgreSQL on DATA_DIR, says where it is, and waits. */
async function startServerProcess(): Promise<{ child: ChildProcess; clusterDir: string }> {
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(join(import.meta.dirname, 'embedded-postgres.ts'))};
    import { createLogger } from ${JSON.stringify(join(import.meta.dirname, '..', 'logger.ts'))};
    const db = await startEmbeddedPostgres(${JSON.stringify(pgDir)}, createLogger('silent'));
    console.log('READY ' + db.clusterDir);
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: findRepoRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d;
      const ready = /READY (.+)\n/.exec(output);
      if (ready) resolve({ child, clusterDir: ready[1] });
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

describe('a server killed with SIGKILL', () => {
  it('leaves its PostgreSQL running; the next start stops that orphan and starts', async () => {
    const server = await startServerProcess();
    const pidFile = join(server.clusterDir, 'postmaster.pid');
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    expect(await exited).toBe(null); // no exit code: killed by the signal
    expect(alive(postmaster)).toBe(true); // the orphan, as in the issue

    restarted = await startEmbeddedPostgres(pgDir, log);
    expect(alive(postmaster)).toBe(false);
    const client = new pg.Client({ connectionString: restarted.adminUrl });
    await client.connect();
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    await client.end();
    expect(rows[0].dir).toBe(server.clusterDir);
  });

  it('refuses to stop the PostgreSQL of a live server on the same DATA_DIR (this process runs it)', async () => {
    const clusterDir = restarted?.clusterDir ?? '';
    await expect(clearPreviousServer(clusterDir, () => {})).rejects.toThrow(
      /is running on .* for another Namjai server \(pid \d+\): one server per DATA_DIR/,
    );
  });

  it('removes a postmaster.pid whose process is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'namjai-stale-'));
    try {
      // A pid above the kernel's pid_max is never running.
      writeFileSync(join(dir, 'postmaster.pid'), `4194305\n${dir}\n1700000000\n5432\n`);
      const said: string[] = [];
      expect(await clearPreviousServer(dir, (line) => said.push(line))).toBe('stale');
      expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
      expect(said.join()).toMatch(/stale postmaster\.pid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
