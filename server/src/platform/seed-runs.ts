import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from './logger';
import type { Seed, SeedContext } from './module';

// The seeds run at every start, but one whose version is recorded in `seed_run` is skipped
// (docs/start-and-memory.md). A seed's version is a hash of the server's code (any change of it runs
// every seed again, once) and of what the seed reads besides (its `inputs`: data files, settings).
// They run under the migration lock (app.ts), so servers starting together take turns: the second
// reads the records only once the first has written its seeds and their records. A seed's record is
// written after the seed has finished, so a start that died half-way leaves the seed unrecorded and
// the next one runs it again (seeds add only what is missing).

/** Adds the contents of `path` (a file, or a folder's files in name order) to `hash`. */
function addTree(hash: Hash, path: string, skip?: (name: string) => boolean): void {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return;
  }
  if (!isDir) {
    hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
    return;
  }
  for (const name of readdirSync(path).sort()) if (!skip?.(name)) addTree(hash, join(path, name), skip);
}

/** A hash of the files' contents (folders walked in name order): a seed's data files as its input. */
export function filesDigest(...paths: string[]): string {
  const hash = createHash('sha256');
  for (const path of paths) addTree(hash, path);
  return hash.digest('hex');
}

let codeVersion: string | undefined;

/**
 * The server's code, hashed once a process: the bundle this module is part of (dist/app.js) when
 * built, else the server's and @namjai/common's sources (tests, `npm run dev`), tests left out.
 */
export function serverCodeVersion(repoRoot: string): string {
  if (codeVersion) return codeVersion;
  const hash = createHash('sha256');
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) addTree(hash, here);
  else
    for (const dir of ['server/src', 'common/src'])
      addTree(hash, join(repoRoot, dir), (name) => name.endsWith('.test.ts') || name === '__snapshots__');
  codeVersion = hash.digest('hex');
  return codeVersion;
}

/** The version `seed` runs at: the code's and its inputs'. */
export function seedVersion(seed: Seed, code: string, ctx: Omit<SeedContext, 'em'>): string {
  const inputs = seed.inputs?.(ctx) ?? null;
  return createHash('sha256')
    .update(JSON.stringify([code, seed.name, inputs]))
    .digest('hex');
}

export interface SeedsRun {
  ran: string[];
  skipped: string[];
}

/**
 * Runs the seeds whose version is not the one recorded, in order, and records each once it has
 * finished. `code` is the server's code version (serverCodeVersion; tests give their own).
 */
export async function runSeeds(
  em: EntityManager,
  seeds: readonly Seed[],
  ctx: Omit<SeedContext, 'em'>,
  log: Logger,
  code = serverCodeVersion(ctx.repoRoot),
): Promise<SeedsRun> {
  const conn = em.getConnection();
  const recorded = new Map(
    (await conn.execute<{ name: string; version: string }[]>('select name, version from seed_run')).map(
      (r) => [r.name, r.version],
    ),
  );
  const done: SeedsRun = { ran: [], skipped: [] };
  for (const seed of seeds) {
    const version = seedVersion(seed, code, ctx);
    if (recorded.get(seed.name) === version) {
      done.skipped.push(seed.name);
      continue;
    }
    const result = await seed.run({ em: em.fork(), ...ctx });
    await conn.execute(
      `insert into seed_run (name, version) values (?, ?)
       on conflict (name) do update set version = excluded.version, seeded_at = now()`,
      [seed.name, version],
    );
    done.ran.push(seed.name);
    log.info({ seed: seed.name, result }, 'seed');
  }
  if (done.skipped.length)
    log.info({ skipped: done.skipped.length }, 'seeds unchanged since they ran: skipped');
  return done;
}
