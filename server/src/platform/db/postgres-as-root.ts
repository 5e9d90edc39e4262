import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { Logger } from '../logger';
import type { RunAs } from './postgres-process';

// PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user. That user
// must reach (search every folder above) both the binaries and the cluster, which fails when the
// repository sits in a folder only root may enter (a home folder of mode 700, as in many
// containers). Then the binaries are copied once, and the cluster is kept, under a root-owned
// folder every user may pass through but not list: /var/lib/namjai (mode 0711).

/** Where root keeps what the `postgres` user must reach. */
export const defaultRootRuntimeDir = '/var/lib/namjai';

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function lookupPostgresUser(): RunAs {
  const uid = run('id', ['-u', 'postgres']);
  const gid = run('id', ['-g', 'postgres']);
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The `postgres` system user, created (no home, no login) when missing. */
export function ensurePostgresUser(log: Logger): { uid: number; gid: number } {
  const found = lookupPostgresUser();
  if (found) return found;
  const attempts: [string, string[]][] = [
    ['useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']],
    // The group exists already (useradd refuses --user-group then).
    [
      'useradd',
      ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    ],
    // BusyBox (Alpine).
    ['adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', 'postgres']],
  ];
  const errors: string[] = [];
  for (const [command, args] of attempts) {
    const result = run(command, args);
    const created = lookupPostgresUser();
    if (created) {
      log.info({ uid: created.uid }, 'created the postgres system user for the embedded PostgreSQL');
      return created;
    }
    errors.push(`${command}: ${result.error?.message ?? result.stderr.trim()}`);
  }
  throw new Error(
    `Running as root, the embedded PostgreSQL needs a "postgres" system user, and it could not be created:\n${errors.join('\n')}\nCreate one, run as another user, or set DATABASE_URL.`,
  );
}

/** Whether `user` can reach `path` (search every folder on the way, and the last one). */
export function canReach(path: string, user: { uid: number; gid: number }): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], {
    uid: user.uid,
    gid: user.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return result.status === 0;
}

/**
 * A folder owned by root that others may pass through but not list or change. An existing one
 * owned by anyone else, or writable by others, is refused: what root runs from it must be root's.
 */
export function rootOwnedDir(path: string, mode = 0o711): string {
  mkdirSync(path, { recursive: true, mode });
  const stat = lstatSync(path);
  if (!stat.isDirectory() || stat.uid !== 0)
    throw new Error(`${path} must be a folder owned by root; move it away and start again.`);
  chmodSync(path, mode);
  return path;
}

/**
 * The PostgreSQL binary distribution at a place `user` can reach: `bundled` itself when it can,
 * else a copy under the runtime folder, made once per version (copied aside, then renamed, so two
 * servers starting together cannot see half a copy).
 */
export function reachableBinaries(
  bundled: { dir: string; version: string },
  user: { uid: number; gid: number },
  runtimeDir: string,
  log: Logger,
): string {
  if (canReach(join(bundled.dir, 'bin', 'postgres'), user) && canReach(join(bundled.dir, 'share'), user))
    return bundled.dir;
  const target = join(
    rootOwnedDir(runtimeDir),
    `postgres-${bundled.version}-${process.platform}-${process.arch}`,
  );
  if (existsSync(join(target, '.complete'))) return target;
  log.info(
    { from: bundled.dir, to: target },
    'copying the PostgreSQL binaries where the postgres user can reach them',
  );
  const staging = mkdtempSync(join(runtimeDir, '.postgres-'));
  try {
    cpSync(bundled.dir, staging, { recursive: true, verbatimSymlinks: true });
    openUp(staging);
    writeFileSync(join(staging, '.complete'), `${bundled.version}\n`, { mode: 0o644 });
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (existsSync(join(target, '.complete'))) return target; // another server finished first
    throw err;
  }
  return target;
}

/** Folders 0755, programs and libraries 0755, other files 0644, whatever the umask of the install. */
function openUp(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) openUp(path);
    else chmodSync(path, lstatSync(path).mode & 0o111 ? 0o755 : 0o644);
  }
}

/** A cluster folder for `user`: owned by it, mode 0700 (PostgreSQL insists). */
function ownedByPostgres(path: string, user: { uid: number; gid: number }): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chownSync(path, user.uid, user.gid);
  chmodSync(path, 0o700);
  return path;
}

/**
 * Where the cluster of `dataDir` (`$DATA_DIR/postgres`) lives. In `dataDir/cluster` when the
 * `postgres` user can reach it, as before. Otherwise under the runtime folder
 * (`clusters/<random id>`), with `dataDir/cluster` a symbolic link to it, so DATA_DIR still tells
 * where everything is and the same DATA_DIR finds the same cluster at the next start.
 */
export function placeCluster(
  dataDir: string,
  user: { uid: number; gid: number },
  runtimeDir: string,
  log: Logger,
): { clusterDir: string; redirected: boolean } {
  const link = join(dataDir, 'cluster');
  const existing = lstatSync(link, { throwIfNoEntry: false });
  const clusters = join(runtimeDir, 'clusters');
  if (existing?.isSymbolicLink()) {
    const target = readlinkSync(link);
    const inside = relative(clusters, target);
    if (!isAbsolute(target) || inside.startsWith('..') || isAbsolute(inside) || inside.includes('/'))
      throw new Error(
        `${link} points to ${target}, outside ${clusters}; remove the link or move the cluster.`,
      );
    rootOwnedDir(runtimeDir);
    rootOwnedDir(clusters);
    return { clusterDir: ownedByPostgres(target, user), redirected: true };
  }
  // Root's own folder: others may pass through it to the cluster, not list it (secrets.json is here).
  chmodSync(dataDir, 0o711);
  if (existing || canReach(dataDir, user)) {
    if (!canReach(dataDir, user))
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot reach the existing cluster in ${link} ` +
          `(a folder above it is closed to other users). Move ${dirname(dataDir)} to a place it can reach, ` +
          `or remove that cluster to start a new one under ${runtimeDir}, or set DATABASE_URL.`,
      );
    return { clusterDir: ownedByPostgres(link, user), redirected: false };
  }
  rootOwnedDir(runtimeDir);
  rootOwnedDir(clusters);
  const target = ownedByPostgres(join(clusters, randomBytes(8).toString('hex')), user);
  symlinkSync(target, link);
  log.info(
    { dataDir, cluster: target },
    `the postgres user cannot reach DATA_DIR: keeping the cluster under ${runtimeDir}, linked from DATA_DIR`,
  );
  return { clusterDir: target, redirected: true };
}
