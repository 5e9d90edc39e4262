import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { createApp, type RunningApp } from '../app';
import { type AppConfig, loadConfig } from '../platform/config';
import { createOrm, type Orm } from '../platform/db/orm';
import { createLogger, type Logger } from '../platform/logger';
import { entities } from '../registry';

export interface TestApp extends RunningApp {
  config: AppConfig;
  /** A fresh EntityManager fork for assertions straight on the database, as the server's role. */
  em(): EntityManager;
  /**
   * An EntityManager of the owner role (DATABASE_OWNER_URL), for fixture writes the server's role may
   * not make (ageing a receipt, forgetting a migration) and to show that the append-only triggers
   * hold even for the owner. Opened on first use, closed with the app.
   */
  ownerEm(): Promise<EntityManager>;
  /**
   * POST /graphql through fastify's inject: the whole HTTP stack, no socket; with the request's id.
   * `ip` is the caller's address (inject's remoteAddress; 127.0.0.1 when not given).
   */
  graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
    options?: { ip?: string },
  ): Promise<{ status: number; requestId: string; body: { data?: T; errors?: GraphQLErrorShape[] } }>;
}

export interface GraphQLErrorShape {
  message: string;
  extensions?: Record<string, unknown>;
}

/** The real application on this test file's database (see worker-database.ts), demo data included. */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  options: { log?: Logger } = {},
): Promise<TestApp> {
  const config: AppConfig = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test' }),
    seedDemo: true,
    ...overrides,
  };
  const log = options.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const running = await createApp(config, log);
  const app: FastifyInstance = running.app;
  let owner: Promise<Orm> | undefined;
  return {
    ...running,
    config,
    em: () => running.orm.em.fork() as EntityManager,
    async ownerEm() {
      const url = config.databaseOwnerUrl;
      if (!url) throw new Error('DATABASE_OWNER_URL is not set (worker-database.ts sets it)');
      owner ??= createOrm(url, entities, log);
      return (await owner).em.fork() as EntityManager;
    },
    async close() {
      await running.close();
      if (owner) await (await owner).close();
    },
    async graphql(query, variables, headers = {}, options = {}) {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        ...(options.ip ? { remoteAddress: options.ip } : {}),
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ query, variables }),
      });
      return { status: res.statusCode, requestId: String(res.headers['x-request-id']), body: res.json() };
    },
  };
}
