import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Who PostgreSQL runs as: the current user (null), or, when we are root, the `postgres` user. */
export type RunAs = { uid: number; gid: number } | null;

export interface PostgresProgram {
  /** The binary distribution's `bin` folder (initdb, postgres); `../lib` and `../share` beside it. */
  binDir: string;
  runAs: RunAs;
  /** Each line PostgreSQL prints. */
  onLog(line: string): void;
}

export interface RunningPostgres {
  /** Fast shutdown (SIGINT: roll back open transactions, checkpoint, exit); resolves when it has exited. */
  stop(): Promise<void>;
}

// Messages in English whatever the machine's locale: readiness is recognised by a message.
const env = () => ({ ...process.env, LC_MESSAGES: 'C', LC_ALL: undefined });

/**
 * The process options that run a program as `runAs`. libuv changes user after it has set the
 * working directory and before exec; `/` is one the `postgres` user can always use (the working
 * directory of whoever started us may be a folder it cannot enter).
 */
const spawnOptions = (runAs: RunAs) => ({
  cwd: '/',
  env: env(),
  stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
  ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
});

function relayLines(child: ChildProcess, onLog: (line: string) => void, kept?: string[]): void {
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      onLog(line);
      kept?.push(line);
    }
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
}

/**
 * Creates a cluster in `dataDir` (missing or empty; owned by `runAs` when set). The superuser is
 * `postgres` with the given password (SCRAM); the password reaches initdb through a file beside the
 * cluster, readable by its user only and removed at once.
 */
export async function initCluster(
  program: PostgresProgram,
  dataDir: string,
  password: string,
  flags: readonly string[],
): Promise<void> {
  const pwfile = join(dirname(dataDir), `.pwfile-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (program.runAs) chownSync(pwfile, program.runAs.uid, program.runAs.gid);
    const output: string[] = [];
    const child = spawn(
      join(program.binDir, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--lc-messages=C',
        ...flags,
      ],
      spawnOptions(program.runAs),
    );
    relayLines(child, program.onLog, output);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}):\n${output.slice(-20).join('\n')}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

const running = new Set<ChildProcess>();
let hooked = false;

/**
 * A PostgreSQL started by this process must not outlive it. On exit (including process.exit) the
 * servers still running get SIGINT. On SIGINT, SIGTERM or SIGHUP in a process that does not handle
 * them itself (scripts, the test runner's setup), they are stopped before exiting as the signal
 * would have; a process with its own handler (the server: drain, then close the database) is left to it.
 */
function hookProcessEnd(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGINT');
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      if (process.listenerCount(signal) > 1) return;
      const stops = [...running].map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGINT');
          }),
      );
      const deadline = setTimeout(() => process.exit(code), 10_000);
      void Promise.all(stops).then(() => {
        clearTimeout(deadline);
        process.exit(code);
      });
    });
  }
}

/**
 * Starts `postgres` on `dataDir` and resolves once it accepts connections; rejects with its last
 * words if it exits first or is not ready within two minutes.
 */
export async function startServer(
  program: PostgresProgram,
  dataDir: string,
  port: number,
  flags: readonly string[],
  /** Runs once the server, after it was ready, has exited: stopped, by a signal, or crashed. */
  afterExit: () => void = () => {},
): Promise<RunningPostgres> {
  hookProcessEnd();
  const output: string[] = [];
  const child = spawn(
    join(program.binDir, 'postgres'),
    ['-D', dataDir, '-p', String(port), ...flags],
    spawnOptions(program.runAs),
  );
  running.add(child);
  let ready = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      if (ready) afterExit();
      resolve();
    });
  });
  relayLines(child, program.onLog, output);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not ready within 120 s')), 120_000);
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      let recent = ''; // the message may arrive split across chunks
      const watch = (chunk: Buffer) => {
        recent = (recent + chunk.toString('utf8')).slice(-400);
        if (recent.includes('database system is ready to accept connections')) settle(resolve);
      };
      child.stderr?.on('data', watch);
      child.stdout?.on('data', watch);
      child.once('error', (err) => settle(() => reject(err)));
      child.once('exit', (code, signal) =>
        settle(() => reject(new Error(`postgres exited (${signal ?? `exit code ${code}`})`))),
      );
    });
    ready = true;
  } catch (err) {
    running.delete(child);
    // No pid: the program could not be started at all, and no 'exit' will come.
    if (child.pid !== undefined) {
      child.kill('SIGINT');
      await exited;
    }
    throw new Error(`${(err as Error).message}\n${output.slice(-20).join('\n')}`);
  }
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Fast shutdown; if it hangs (it should not), immediate shutdown after 30 s.
      const hard = setTimeout(() => child.kill('SIGQUIT'), 30_000);
      child.kill('SIGINT');
      await exited;
      clearTimeout(hard);
    },
  };
}

/** Whether a process of this pid exists (also one of another user: EPERM). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's command line (Linux /proc), or null when it cannot be read. */
function commandLine(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

function parentPid(pid: number): number | null {
  try {
    // "pid (comm) state ppid …": comm may hold spaces and parentheses; it ends at the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

const samePath = (a: string, b: string) => {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
};

async function exitOf(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !alive(pid);
}

/**
 * Before a server is started on `dataDir`: what a previous one left. A `postmaster.pid` whose process
 * is gone, or is not a postgres of this data directory (its pid was reused), is removed. A postgres of
 * this data directory still running is an orphan when its parent is no longer a Node.js process (the
 * Namjai server that started it was killed: `kill -9`, the OOM killer): it is stopped (fast shutdown:
 * open transactions rolled back, a checkpoint written) so this start can proceed. One whose parent is
 * a live Node.js process belongs to another Namjai server on this DATA_DIR: an error says so.
 * Returns what it found. Without /proc (not Linux) a live one is left to PostgreSQL's own refusal.
 */
export async function clearPreviousServer(
  dataDir: string,
  onLog: (line: string) => void,
): Promise<'none' | 'stale' | 'orphan stopped' | 'unknown'> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return 'none';
  const [pidLine, dirLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const argv = Number.isInteger(pid) && pid > 0 && alive(pid) ? commandLine(pid) : [];
  if (argv === null) return 'unknown';
  const ours =
    argv.length > 0 &&
    basename(argv[0]).startsWith('postgres') &&
    samePath(dirLine?.trim() || '', dataDir) &&
    samePath(argv[argv.indexOf('-D') + 1] ?? '', dataDir);
  if (!ours) {
    onLog(`removing a stale postmaster.pid (process ${pidLine} is not running on ${dataDir})`);
    rmSync(pidFile, { force: true });
    return 'stale';
  }
  const parent = parentPid(pid);
  const parentArgv = parent && parent > 1 ? commandLine(parent) : null;
  if (parentArgv?.[0] && basename(parentArgv[0]).startsWith('node'))
    throw new Error(
      `PostgreSQL (pid ${pid}) is running on ${dataDir} for another Namjai server (pid ${parent}): ` +
        'one server per DATA_DIR (stop the other, or give this one a DATA_DIR of its own)',
    );
  onLog(`stopping the PostgreSQL (pid ${pid}) a killed Namjai server left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  if (await exitOf(pid, 30_000)) return 'orphan stopped';
  process.kill(pid, 'SIGQUIT');
  if (await exitOf(pid, 10_000)) return 'orphan stopped';
  throw new Error(
    `the PostgreSQL (pid ${pid}) left running on ${dataDir} did not stop: stop it, then start again`,
  );
}
