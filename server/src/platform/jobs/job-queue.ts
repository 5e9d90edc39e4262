import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bangkokClock } from '@namjai/common/calendar';
import type { JobsConfig } from '../config';
import type { AppDeps } from '../deps';
import type { Logger } from '../logger';

// The job queue (docs/jobs.md): jobs are rows of the `job` table, claimed one at a time with
// FOR UPDATE SKIP LOCKED, so any number of server processes share the work and no job runs twice at
// once. Daily schedules live in `job_schedule`: the process that advances a schedule's day (one
// atomic update) enqueues that day's job, with a singleton key, so two processes never both do. The
// web process only polls the table; what is due, claimed, done or failed is in PostgreSQL.
//
// A claim lasts `claimSeconds` (locked_until). While a job runs, its worker renews the claim every
// third of that (the heartbeat), so a long job is never queued again while it is alive; a job whose
// worker died (no heartbeat) is queued again once its claim has expired. Each claim is fenced by its
// attempt number: a worker that lost its claim cannot mark the job done or failed over a later run.

export interface JobContext {
  em: EntityManager;
  deps: AppDeps;
  log: Logger;
  payload: Record<string, unknown>;
  /** The instant the job runs at (tests may give one). */
  now: Date;
  /**
   * Aborted when this run's claim is lost (its heartbeat found the job claimed anew, or could not
   * renew the claim before it expired): another worker may now run the job; a long job stops early.
   */
  signal: AbortSignal;
}

export interface JobDefinition {
  /** kebab-case, e.g. pending-work-digest. */
  name: string;
  /**
   * A daily schedule at a Bangkok time of day (HH:MM) read from the configuration; undefined: not
   * scheduled in this configuration.
   */
  dailyAt?: (deps: AppDeps) => string | undefined;
  run(ctx: JobContext): Promise<unknown>;
}

interface JobRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** A claim not renewed for this long was left by a process that stopped: the job is queued again. */
export const CLAIM_SECONDS = 15 * 60;

/** The Bangkok day (yyyy-mm-dd) and time (HH:MM) of an instant. */
export { bangkokClock };

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export class JobQueue {
  private readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly byName: Map<string, JobDefinition>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private polling = false;
  private stopping = false;
  private readonly claimSeconds: number;

  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
    private readonly log: Logger,
    definitions: readonly JobDefinition[],
    private readonly config: JobsConfig,
  ) {
    this.byName = new Map(definitions.map((d) => [d.name, d]));
    this.claimSeconds = config.claimSeconds ?? CLAIM_SECONDS;
    for (const d of definitions) {
      if (!/^[a-z][a-z0-9-]*$/.test(d.name)) throw new Error(`Job ${d.name}: not a kebab-case name`);
      const at = d.dailyAt?.(deps);
      if (at !== undefined && !TIME_OF_DAY.test(at)) throw new Error(`Job ${d.name}: bad time of day ${at}`);
    }
  }

  private sql<T>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
    return em.getConnection().execute<T[]>(query, params, 'all', em.getTransactionContext());
  }

  /** Writes each schedule's time of day (the configuration's) into job_schedule, then polls. */
  async start(): Promise<void> {
    if (!this.config.enabled) return;
    await this.syncSchedules();
    this.polling = true;
    const tick = () => {
      this.running = this.running
        .then(() => this.tick())
        .catch((err) => this.log.error({ err }, 'job queue'))
        .finally(() => {
          if (this.polling && !this.stopping)
            this.timer = setTimeout(tick, this.config.pollSeconds * 1000).unref();
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  async syncSchedules(): Promise<void> {
    const em = this.em.fork();
    for (const d of this.byName.values()) {
      const at = d.dailyAt?.(this.deps);
      if (!at) continue;
      await this.sql(
        em,
        `insert into job_schedule (name, time_of_day) values (?, ?)
         on conflict (name) do update set time_of_day = excluded.time_of_day, updated_at = now()
         where job_schedule.time_of_day <> excluded.time_of_day`,
        [d.name, at],
      );
    }
  }

  /** One poll: enqueue what a schedule makes due, requeue expired claims, run the due ones. */
  async tick(now = new Date()): Promise<number> {
    await this.enqueueDue(now);
    // A claim without locked_until was taken by an earlier release: it lasted 15 minutes.
    await this.sql(
      this.em.fork(),
      `update job set state = 'QUEUED', locked_by = null, locked_at = null, locked_until = null
        where state = 'RUNNING'
          and coalesce(locked_until, locked_at + interval '${CLAIM_SECONDS} seconds') < now()`,
    );
    let ran = 0;
    // Until nothing is due, or the process stops (the job under way finishes first).
    while (!this.stopping && (await this.runOne())) ran++;
    return ran;
  }

  /**
   * Each schedule whose time has come today and whose day has not been done: the one process whose
   * update advances `last_day` enqueues the day's job (its singleton key refuses a second anyway).
   */
  async enqueueDue(now = new Date()): Promise<string[]> {
    const { day, time } = bangkokClock(now);
    const em = this.em.fork();
    // Only the schedules this process has jobs for: another version's are left to it.
    const known = [...this.byName.values()].filter((d) => d.dailyAt?.(this.deps)).map((d) => d.name);
    if (!known.length) return [];
    // The day advanced and its job added together: a crash between them loses neither.
    return em.transactional(async (tx) => {
      const due = await this.sql<{ name: string }>(
        tx,
        `update job_schedule set last_day = ?::date, updated_at = now()
          where name in (${known.map(() => '?').join(', ')})
            and time_of_day <= ? and (last_day is null or last_day < ?::date)
          returning name`,
        [day, ...known, time, day],
      );
      const names = due.map((d) => d.name);
      for (const name of names) await this.enqueue(name, { day }, { singletonKey: day, em: tx });
      return names;
    });
  }

  /** Adds a job; with a singleton key, a second job of the same name and key is not added (null). */
  async enqueue(
    name: string,
    payload: Record<string, unknown> = {},
    opts: { singletonKey?: string; runAt?: Date; em?: EntityManager } = {},
  ): Promise<string | null> {
    if (!this.byName.has(name)) throw new Error(`No job ${name}`);
    const [row] = await this.sql<{ id: string }>(
      opts.em ?? this.em.fork(),
      `insert into job (name, payload, singleton_key, run_at) values (?, ?::jsonb, ?, ?)
       on conflict do nothing returning id`,
      [name, JSON.stringify(payload), opts.singletonKey ?? null, opts.runAt ?? new Date()],
    );
    return row?.id ?? null;
  }

  /** Claims one due job (skipping those other processes hold) and runs it; false when none is due. */
  private async runOne(): Promise<boolean> {
    const [job] = await this.sql<JobRow>(
      this.em.fork(),
      `update job set state = 'RUNNING', locked_by = ?, locked_at = now(), attempts = attempts + 1,
              locked_until = now() + make_interval(secs => ?)
        where id = (select id from job where state = 'QUEUED' and run_at <= now()
                    order by run_at, id for update skip locked limit 1)
        returning id, name, payload, attempts, max_attempts`,
      [this.worker, this.claimSeconds],
    );
    if (!job) return false;
    // A failure is recorded on the job (retried later): the next due job still runs.
    await this.execute(job).catch(() => undefined);
    return true;
  }

  private async execute(job: JobRow, now = new Date()): Promise<unknown> {
    const definition = this.byName.get(job.name);
    const em = this.em.fork();
    const heartbeat = this.heartbeat(job);
    // Only this claim (worker and attempt) may settle the job: a worker that lost its claim to a later
    // run changes nothing.
    const fence = `id = ? and state = 'RUNNING' and locked_by = ? and attempts = ?`;
    const claim = [job.id, this.worker, job.attempts];
    try {
      if (!definition) throw new Error(`No job ${job.name} in this version`);
      const result = await definition.run({
        em: em.fork(),
        deps: this.deps,
        log: this.log,
        payload: job.payload,
        now,
        signal: heartbeat.signal,
      });
      await heartbeat.stop();
      const settled = await this.sql(
        em,
        `update job set state = 'DONE', finished_at = now(), last_error = null, locked_until = null
          where ${fence} returning id`,
        claim,
      );
      if (settled.length) this.log.info({ job: job.name, id: job.id, result }, 'job done');
      else
        this.log.warn(
          { job: job.name, id: job.id, attempt: job.attempts },
          'job done after its claim was lost',
        );
      return result;
    } catch (err) {
      await heartbeat.stop();
      const message = String(err instanceof Error ? err.message : err).slice(0, 2000);
      const final = job.attempts >= job.max_attempts;
      // Retried later, a minute more each time, until its attempts are spent.
      await this.sql(
        em,
        `update job set state = ?, last_error = ?, locked_by = null, locked_at = null, locked_until = null,
                run_at = now() + (?::int * interval '1 minute'), finished_at = case when ?::boolean then now() end
          where ${fence}`,
        [final ? 'FAILED' : 'QUEUED', message, job.attempts, final, ...claim],
      );
      this.log.error({ err, job: job.name, id: job.id, attempt: job.attempts }, 'job failed');
      throw err;
    }
  }

  /**
   * Renews the job's claim every third of its length while it runs. The signal aborts when the claim
   * is lost: the job was claimed anew (this worker had stalled past its claim), or no renewal has
   * succeeded within the claim (the database unreachable from here), after which another worker may
   * take it.
   */
  private heartbeat(job: JobRow): { signal: AbortSignal; stop(): Promise<void> } {
    const lost = new AbortController();
    const claimMs = this.claimSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    let beat: Promise<void> = Promise.resolve();
    let stopped = false;
    // Past the claim without a renewal (a renewal failing or hanging): another worker may take it.
    let deadline: NodeJS.Timeout | undefined;
    const expireIn = (ms: number) => {
      clearTimeout(deadline);
      deadline = setTimeout(() => lost.abort(new Error(`Job ${job.name} ${job.id}: claim expired`)), ms);
    };
    expireIn(claimMs);
    const renew = async () => {
      const started = Date.now();
      try {
        const [row] = await this.sql<{ id: string }>(
          this.em.fork(),
          `update job set locked_until = now() + make_interval(secs => ?)
            where id = ? and state = 'RUNNING' and locked_by = ? and attempts = ? returning id`,
          [this.claimSeconds, job.id, this.worker, job.attempts],
        );
        if (!row) {
          this.log.warn({ job: job.name, id: job.id, attempt: job.attempts }, 'job claim lost');
          lost.abort(new Error(`Job ${job.name} ${job.id}: claim lost`));
        } else if (!lost.signal.aborted) expireIn(claimMs - (Date.now() - started));
      } catch (err) {
        this.log.warn({ err, job: job.name, id: job.id }, 'job heartbeat failed');
      }
      if (!stopped && !lost.signal.aborted) timer = setTimeout(next, claimMs / 3);
    };
    const next = () => {
      beat = renew();
    };
    timer = setTimeout(next, claimMs / 3);
    return {
      signal: lost.signal,
      async stop() {
        stopped = true;
        clearTimeout(timer);
        clearTimeout(deadline);
        await beat;
      },
    };
  }

  /**
   * Enqueues the job and runs it now in this process, answering its result (tests, and an
   * administrator's "send now"). It goes through the table as any job does.
   */
  async runNow(name: string, payload: Record<string, unknown> = {}, now = new Date()): Promise<unknown> {
    const id = await this.enqueue(name, payload);
    const em = this.em.fork();
    const [job] = await this.sql<JobRow>(
      em,
      `update job set state = 'RUNNING', locked_by = ?, locked_at = now(), attempts = attempts + 1,
              locked_until = now() + make_interval(secs => ?)
        where id = ? and state = 'QUEUED' returning id, name, payload, attempts, max_attempts`,
      [this.worker, this.claimSeconds, id],
    );
    if (!job) throw new Error(`Job ${name} ${id} was taken by another process`);
    return this.execute(job, now);
  }
}
