import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../app';
import { type AppConfig, loadConfig } from '../platform/config';
import { createOrm, type Orm } from '../platform/db/orm';
import { createLogger } from '../platform/logger';
import { runSeeds as runSeedList, serverCodeVersion } from '../platform/seed-runs';
import { demoSeeds, entities, referenceSeeds } from '../registry';
import { statementsOf } from '../testing/sent-statements';

// A start skips the seeds already run at the same code and inputs (docs/start-and-memory.md): a
// warm start sends one statement for all of them; a new build, or a seed's changed input, runs them
// again; a seed that failed is not recorded.

const log = createLogger('silent');
const config: AppConfig = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), seedDemo: true };
const code = serverCodeVersion(config.repoRoot);
/** Another build's code version. */
const rebuilt = `${code} rebuilt`;
const everySeed = [...referenceSeeds, ...demoSeeds].map((s) => s.name);
let orm: Orm;
const em = () => orm.em.fork() as EntityManager;

beforeAll(async () => {
  orm = await createOrm(config.databaseUrl as string, entities, log);
});
afterAll(() => orm.close());

const recorded = async () =>
  new Map(
    (await em().getConnection().execute<{ name: string; version: string }[]>('select * from seed_run')).map(
      (r) => [r.name, r.version],
    ),
  );

describe('seeds recorded in seed_run', () => {
  it('a first start runs every seed and records it; the next sends one statement and runs none', async () => {
    expect(await runSeeds(em(), config, log, code)).toEqual({ ran: everySeed, skipped: [] });
    expect([...(await recorded()).keys()].sort()).toEqual([...everySeed].sort());
    const again = await statementsOf(() => runSeeds(em(), config, log, code));
    expect(again.result).toEqual({ ran: [], skipped: everySeed });
    expect(again.sent).toEqual(['select name, version from seed_run']);
  });

  it('a new build (another code version) runs every seed again, once', async () => {
    const before = await recorded();
    expect((await runSeeds(em(), config, log, rebuilt)).ran).toEqual(everySeed);
    const after = await recorded();
    for (const name of everySeed) expect(after.get(name)).not.toBe(before.get(name));
    expect((await runSeeds(em(), config, log, rebuilt)).ran).toEqual([]);
  });

  it('a seed whose input changed runs alone: a new ADMIN_USERNAME', async () => {
    const withAdmin = {
      ...config,
      adminUsername: 'chief.seeded',
      adminPassword: 'Ministry-seeded-admin-2569',
    };
    expect((await runSeeds(em(), withAdmin, log, rebuilt)).ran).toEqual(['first administrator']);
    const [admin] = await em()
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from app_user where username = 'chief.seeded'`);
    expect(admin.n).toBe(1);
    expect((await runSeeds(em(), withAdmin, log, rebuilt)).ran).toEqual([]);
  });

  it('a seed that fails is not recorded, and runs at the next start', async () => {
    const ctx = { repoRoot: config.repoRoot, config };
    const failing = { name: 'test failing seed', run: () => Promise.reject(new Error('disk full')) };
    await expect(runSeedList(em(), [failing], ctx, log, code)).rejects.toThrow('disk full');
    expect((await recorded()).has(failing.name)).toBe(false);
    const fixed = { name: failing.name, run: async () => 'done' };
    expect(await runSeedList(em(), [fixed], ctx, log, code)).toEqual({ ran: [failing.name], skipped: [] });
    expect((await recorded()).has(failing.name)).toBe(true);
  });
});
