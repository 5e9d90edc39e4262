import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './platform/config';
import { type DatabaseHandle, openDatabase } from './platform/db/database';
import { createOrm, migrate, type Orm } from './platform/db/orm';
import { buildAppSchema } from './platform/graphql/schema';
import { buildServer } from './platform/http/server';
import type { Logger } from './platform/logger';
import { demoSeeds, entities, referenceSeeds, resolvers, restRoutes } from './registry';

export interface RunningApp {
  app: FastifyInstance;
  orm: Orm;
  db: DatabaseHandle;
  close(): Promise<void>;
}

export async function runSeeds(em: EntityManager, config: AppConfig, log: Logger): Promise<void> {
  const seeds = config.seedDemo ? [...referenceSeeds, ...demoSeeds] : referenceSeeds;
  for (const seed of seeds) {
    const result = await seed.run({ em: em.fork(), repoRoot: config.repoRoot });
    log.info({ seed: seed.name, result }, 'seed');
  }
}

/** Opens the database, migrates, seeds and builds the HTTP server (not yet listening). */
export async function createApp(config: AppConfig, log: Logger): Promise<RunningApp> {
  const db = await openDatabase(config, log);
  let orm: Orm | undefined;
  try {
    orm = await createOrm(db.url, entities, log);
    const applied = await migrate(orm);
    if (applied.length) log.info({ applied }, 'migrations applied');
    await runSeeds(orm.em.fork() as EntityManager, config, log);
    const schema = await buildAppSchema(resolvers);
    const app = await buildServer({ config, log, orm, schema, restRoutes });
    const ormRef = orm;
    return {
      app,
      orm,
      db,
      async close() {
        await app.close();
        await ormRef.close();
        await db.stop();
      },
    };
  } catch (err) {
    await orm?.close();
    await db.stop();
    throw err;
  }
}
