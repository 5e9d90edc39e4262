import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Orm } from '../db/orm';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { MAIL_MAX_ATTEMPTS } from '../mail/mail-attempts';
import { clientOperationNames } from './client-operations';

// Prometheus metrics of one server process (docs/metrics.md): HTTP and GraphQL by route and
// operation, the database pool, the job queue, the mail outbox and PDF renders. Each process has its
// own registry and is scraped on its own; the queue and outbox gauges are read from PostgreSQL at
// scrape time, so every process reports the same database-wide values.

/** Seconds: from a fast answer to a long export or a PDF. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const pdfBuckets = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30];

const knownOperations = new Set(clientOperationNames);

/**
 * The label of a GraphQL operation: its name when the client has an operation of that name,
 * "anonymous" without a name, "other" for any other name (the sandbox, scripts, or a caller trying to
 * make new series).
 */
export function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  return knownOperations.has(name) ? name : 'other';
}

/** The route label: fastify's route pattern (never the URL with its ids), or what served it. */
export function routeLabel(pattern: string | undefined, status: number): string {
  if (!pattern) return status === 404 ? 'not-found' : 'page';
  // Built files (fastify-static registers one route per file): one series for all of them.
  if (pattern.startsWith('/assets/')) return '/assets/*';
  return pattern;
}

export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export interface MailObserver {
  delivered(outcome: 'sent' | 'failed' | 'given_up'): void;
}

export interface PdfObserver {
  rendered(seconds: number, ok: boolean): void;
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status_class'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly graphqlOperations: Counter<'operation'>;
  readonly graphqlErrors: Counter<'operation' | 'kind'>;
  readonly graphqlDuration: Histogram<'operation'>;
  readonly mail: MailObserver;
  readonly pdf: PdfObserver;

  constructor(options: { processMetrics: boolean } = { processMetrics: true }) {
    const registers = [this.registry];
    // CPU, memory, heap, event loop delay, GC of this Node process (prom-client's standard names).
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: 'namjai_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'namjai_http_request_duration_seconds',
      help: 'Time from the request to its answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: durationBuckets,
      registers,
    });
    this.graphqlOperations = new Counter({
      name: 'namjai_graphql_operations_total',
      help: "GraphQL operations, by the client's operation name (other, anonymous)",
      labelNames: ['operation'],
      registers,
    });
    this.graphqlErrors = new Counter({
      name: 'namjai_graphql_operation_errors_total',
      help: "GraphQL operations answered with errors: kind client (refusals, bad input) or internal (the server's)",
      labelNames: ['operation', 'kind'],
      registers,
    });
    this.graphqlDuration = new Histogram({
      name: 'namjai_graphql_operation_duration_seconds',
      help: 'Time from a GraphQL request to its answer, by operation name',
      labelNames: ['operation'],
      buckets: durationBuckets,
      registers,
    });
    const mailDeliveries = new Counter({
      name: 'namjai_mail_deliveries_total',
      help: 'Mail send attempts by this process: sent, failed (retried later), given_up (attempts spent)',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of ['sent', 'failed', 'given_up']) mailDeliveries.labels(outcome).inc(0);
    this.mail = { delivered: (outcome) => mailDeliveries.labels(outcome).inc() };
    const pdfRenders = new Histogram({
      name: 'namjai_pdf_render_duration_seconds',
      help: 'Time of one PDF render in Chromium (after waiting for a render slot), by outcome',
      labelNames: ['outcome'],
      buckets: pdfBuckets,
      registers,
    });
    this.pdf = { rendered: (seconds, ok) => pdfRenders.labels(ok ? 'ok' : 'error').observe(seconds) };
  }

  /**
   * The pool's connections (from `pg`'s own counters) and, read in one statement at scrape time, the
   * job queue and the mail outbox. When the database does not answer, namjai_database_up is 0 and
   * the table gauges are left out of that scrape.
   */
  observeDatabase(orm: Orm, log: Logger): void {
    const registers = [this.registry];
    const pool = async () => (await orm.em.getConnection().getNativeClient()) as Pool;
    const poolGauge = (name: string, help: string, read: (p: Pool) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(read(await pool()));
        },
      });
    poolGauge(
      'namjai_db_pool_in_use',
      'Connections of the pool lent to a request or a job',
      (p) => p.totalCount - p.idleCount,
    );
    poolGauge('namjai_db_pool_idle', 'Open connections of the pool waiting for work', (p) => p.idleCount);
    poolGauge(
      'namjai_db_pool_waiting',
      'Requests waiting for a connection of the pool',
      (p) => p.waitingCount,
    );
    poolGauge('namjai_db_pool_max', 'Size of the pool (DB_POOL_MAX)', (p) => p.options.max);

    // One statement for all of them per scrape: prom-client starts every metric's collect at once.
    let reading: Promise<void> | null = null;
    const refresh = () => {
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    };
    const tableGauge = (name: string, help: string, labelNames: string[] = []) =>
      new Gauge({ name, help, labelNames, registers, collect: refresh });
    const up = tableGauge('namjai_database_up', 'The scrape-time query of the job and mail tables answered');
    const jobsDue = tableGauge(
      'namjai_jobs_due',
      'Queued jobs whose time has come, by job name (database-wide)',
      ['job'],
    );
    const jobsLag = tableGauge(
      'namjai_jobs_lag_seconds',
      'How long the oldest due job has waited (0 when none is due; database-wide)',
    );
    const jobsRunning = tableGauge(
      'namjai_jobs_running',
      'Jobs claimed by a process and not finished (database-wide)',
    );
    const jobsFailed = tableGauge(
      'namjai_jobs_failed',
      'Jobs that spent their attempts (state FAILED), by job name (database-wide)',
      ['job'],
    );
    const outboxPending = tableGauge(
      'namjai_mail_outbox_pending',
      'Mails not yet sent with attempts left (database-wide)',
    );
    const outboxOldest = tableGauge(
      'namjai_mail_outbox_oldest_pending_seconds',
      'Age of the oldest mail not yet sent with attempts left (0 when none; database-wide)',
    );
    const outboxFailed = tableGauge(
      'namjai_mail_outbox_retrying',
      'Mails not yet sent whose last attempt failed, waiting for a retry (database-wide)',
    );
    const outboxGivenUp = tableGauge(
      'namjai_mail_outbox_given_up',
      'Mails never sent whose attempts are spent, left in the outbox (database-wide)',
    );
    const read = async () => {
      for (const g of [jobsDue, jobsLag, jobsRunning, jobsFailed]) g.reset();
      for (const g of [outboxPending, outboxOldest, outboxFailed, outboxGivenUp]) g.reset();
      try {
        const [row] = await orm.em
          .getConnection()
          .execute<TableCounts[]>(tableCountsSql, Array(4).fill(MAIL_MAX_ATTEMPTS));
        up.set(1);
        for (const [job, n] of Object.entries(row?.due ?? {})) jobsDue.labels(job).set(n);
        for (const [job, n] of Object.entries(row?.failed ?? {})) jobsFailed.labels(job).set(n);
        jobsLag.set(Number(row?.lag ?? 0));
        jobsRunning.set(Number(row?.running ?? 0));
        outboxPending.set(Number(row?.mail_pending ?? 0));
        outboxOldest.set(Number(row?.mail_oldest ?? 0));
        outboxFailed.set(Number(row?.mail_retrying ?? 0));
        outboxGivenUp.set(Number(row?.mail_given_up ?? 0));
      } catch (err) {
        up.set(0);
        log.warn({ err }, 'metrics: the job and mail counts could not be read');
      }
    };
  }

  /**
   * GET /metrics in Prometheus' text format, with `Authorization: Bearer <METRICS_TOKEN>`. Without a
   * token configured the route does not exist (the SPA fallback answers 404 for /metrics).
   */
  registerRoute(app: FastifyInstance, token: string | undefined): void {
    if (!token) return;
    const expected = Buffer.from(`Bearer ${token}`);
    app.get('/metrics', { config: { access: { public: true } } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(
          'UNAUTHENTICATED',
          401,
          'ต้องใช้โทเค็นของ /metrics (METRICS_TOKEN)',
          'GET /metrics needs the metrics token (METRICS_TOKEN) as a Bearer token',
        );
      }
      reply.header('cache-control', 'no-store').type(this.registry.contentType);
      return this.registry.metrics();
    });
  }
}

interface TableCounts {
  due: Record<string, number> | null;
  failed: Record<string, number> | null;
  lag: string | number | null;
  running: string | number | null;
  mail_pending: string | number | null;
  mail_oldest: string | number | null;
  mail_retrying: string | number | null;
  mail_given_up: string | number | null;
}

// Only the rows that are not done: the due-job index (state QUEUED) and the unsent mail (sent_at
// is null) keep this cheap however long the history grows. The parameters: MAIL_MAX_ATTEMPTS.
const tableCountsSql = `
  with open_jobs as materialized (
    select name, state, run_at from job where state in ('QUEUED', 'RUNNING', 'FAILED')
  ), unsent as materialized (
    select created_at, attempts, last_error from mail_outbox where sent_at is null
  )
  select
    (select jsonb_object_agg(name, n) from (select name, count(*)::int as n from open_jobs
       where state = 'QUEUED' and run_at <= now() group by name) d) as due,
    (select jsonb_object_agg(name, n) from (select name, count(*)::int as n from open_jobs
       where state = 'FAILED' group by name) f) as failed,
    (select coalesce(extract(epoch from now() - min(run_at)), 0) from open_jobs
       where state = 'QUEUED' and run_at <= now()) as lag,
    (select count(*) from open_jobs where state = 'RUNNING') as running,
    (select count(*) from unsent where attempts < ?) as mail_pending,
    (select coalesce(extract(epoch from now() - min(created_at)), 0) from unsent where attempts < ?)
      as mail_oldest,
    (select count(*) from unsent where attempts < ? and last_error is not null) as mail_retrying,
    (select count(*) from unsent where attempts >= ?) as mail_given_up`;
