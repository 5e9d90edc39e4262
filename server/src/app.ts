import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { AuthService } from './features/identity/auth.service';
import { resolveJwtSecret, TokenService } from './platform/auth/tokens';
import type { AppConfig } from './platform/config';
import { type DatabaseHandle, openDatabase } from './platform/db/database';
import { withMigrationLock } from './platform/db/migration-lock';
import { createOrm, migrate, migrateAsOwner, type Orm } from './platform/db/orm';
import { type ServerRoleReach, serverRoleReachSql } from './platform/db/roles';
import type { AppDeps } from './platform/deps';
import { fieldGuard } from './platform/graphql/field-guard';
import { buildAppSchema } from './platform/graphql/schema';
import { buildServer } from './platform/http/server';
import { JobQueue } from './platform/jobs/job-queue';
import type { Logger } from './platform/logger';
import { Mailer } from './platform/mail/mailer';
import { Metrics } from './platform/metrics/metrics';
import { PdfRenderer } from './platform/pdf/pdf-renderer';
import { PublicFormGate } from './platform/public-forms/public-form-gate';
import { runSeeds as runSeedsChanged, type SeedsRun } from './platform/seed-runs';
import { demoSeeds, entities, jobDefinitions, referenceSeeds, resolvers, restRoutes } from './registry';

export interface RunningApp {
  app: FastifyInstance;
  orm: Orm;
  db: DatabaseHandle;
  deps: AppDeps;
  /** The job queue (docs/jobs.md): polling outside tests; `runNow` runs a job at once. */
  jobs: JobQueue;
  close(): Promise<void>;
}

/** The reference seeds, and the demo ones when SEED_DEMO: those changed since they last ran. */
export function runSeeds(
  em: EntityManager,
  config: AppConfig,
  log: Logger,
  code?: string,
): Promise<SeedsRun> {
  const seeds = config.seedDemo ? [...referenceSeeds, ...demoSeeds] : referenceSeeds;
  return runSeedsChanged(em, seeds, { repoRoot: config.repoRoot, config }, log, code);
}

/**
 * The warning that the server's own database role could rewrite history (be superuser, own tables):
 * the append-only triggers are then the only guard, since an owner may disable them.
 */
async function warnAboutServerRole(orm: Orm, twoRoles: boolean, log: Logger): Promise<void> {
  const [reach] = await orm.em.getConnection().execute<ServerRoleReach[]>(serverRoleReachSql);
  if (!twoRoles)
    log.warn(
      { role: reach?.role },
      'DATABASE_OWNER_URL is unset: the server runs the migrations and owns the tables as DATABASE_URL, so ' +
        'ledger movements, document history and the audit trail are protected by triggers only ' +
        '(docs/database-roles.md)',
    );
  else if (reach && (reach.superuser || reach.ownedTables > 0))
    log.warn(
      reach,
      "the server's database role is superuser or owns tables: ledger movements, document history and " +
        'the audit trail are protected by triggers only (docs/database-roles.md)',
    );
}

/** Wall and CPU milliseconds of each phase of a start, marked at its end. */
function startPhases() {
  const done: Record<string, { ms: number; cpuMs: number }> = {};
  let wall = performance.now();
  let cpu = process.cpuUsage();
  return {
    mark(name: string) {
      const used = process.cpuUsage(cpu);
      done[name] = {
        ms: Math.round(performance.now() - wall),
        cpuMs: Math.round((used.user + used.system) / 1000),
      };
      wall = performance.now();
      cpu = process.cpuUsage();
    },
    done: () => done,
  };
}

/** Opens the database, migrates, seeds and builds the HTTP server (not yet listening). */
export async function createApp(config: AppConfig, log: Logger): Promise<RunningApp> {
  // What the configuration refuses is refused before the database is touched (loadConfig checks it
  // all; a configuration built otherwise is held to the same here).
  const jwtKey = resolveJwtSecret(config);
  const phases = startPhases();
  const db = await openDatabase(config, log);
  phases.mark('database');
  let orm: Orm | undefined;
  try {
    // Migrations as the owner role; everything else (seeds included) as the server's role, which owns
    // nothing and may not rewrite history (docs/database-roles.md). Under the migration lock, held
    // until the seeds are written: servers started together take turns (docs/operations.md).
    const twoRoles = db.ownerUrl !== db.url;
    orm = await withMigrationLock(db.ownerUrl, log, async () => {
      const applied = twoRoles ? await migrateAsOwner(db.ownerUrl, entities, log) : [];
      const opened = await createOrm(db.url, entities, log, {
        applicationName: 'namjai-server',
        poolMax: config.observability.dbPoolMax,
        statementTimeoutMs: config.observability.dbStatementTimeoutMs,
      });
      try {
        if (!twoRoles) applied.push(...(await migrate(opened)));
        if (applied.length) log.info({ applied }, 'migrations applied');
        await runSeeds(opened.em.fork() as EntityManager, config, log);
      } catch (err) {
        await opened.close();
        throw err;
      }
      return opened;
    });
    phases.mark('migrations and seeds');
    await warnAboutServerRole(orm, twoRoles, log);
    const metrics = new Metrics();
    metrics.observeDatabase(orm, log);
    const deps: AppDeps = {
      config,
      tokens: new TokenService(jwtKey, config.auth.accessTokenMinutes),
      mailer: new Mailer(config.mail, log, metrics.mail),
      pdf: new PdfRenderer(config.pdf, log, metrics.pdf),
      forms: new PublicFormGate(config.publicForms),
    };
    const authenticatorFor = (em: EntityManager) => new AuthService(em, deps);
    const schema = await buildAppSchema(resolvers, fieldGuard(authenticatorFor));
    phases.mark('schema');
    const app = await buildServer({
      config,
      log,
      orm,
      schema,
      restRoutes: restRoutes(deps),
      deps,
      metrics,
      authenticatorFor,
    });
    // Reminders, mail retries and other jobs: rows in PostgreSQL, polled by every server process
    // (not in tests).
    const jobs = new JobQueue(orm.em.fork() as EntityManager, deps, log, jobDefinitions, config.jobs);
    // Mail written by a request is delivered right after its response; a failed send is retried by
    // the mail-delivery job (docs/jobs.md).
    app.addHook('onResponse', async () => deps.mailer.kick());
    await deps.mailer.start(orm.em.fork() as EntityManager, jobs, { sweep: config.jobs.enabled });
    await jobs.start();
    phases.mark('http server and jobs');
    // Where a start's time went, wall and CPU (docs/start-and-memory.md).
    log.info({ phases: phases.done() }, 'start phases');
    const ormRef = orm;
    return {
      app,
      orm,
      db,
      deps,
      jobs,
      async close() {
        await app.close();
        await jobs.stop();
        await deps.mailer.stop();
        await deps.pdf.close();
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
