import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Logger } from '../logger';
import type { MailObserver } from '../metrics/metrics';
import { MAIL_MAX_ATTEMPTS } from './mail-attempts';
import { MailOutbox } from './mail-outbox.entity';

export { MAIL_MAX_ATTEMPTS };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The job that delivers mail whose retry has come (docs/jobs.md, "Mail outbox"). */
export const MAIL_DELIVERY_JOB = 'mail-delivery';
/** A claim older than this was left by a process that stopped mid-send: the mail is due again. */
export const MAIL_CLAIM_MINUTES = 15;
/** A retry job runs this long after its mail is due again (clock differences between servers). */
const RETRY_SLACK_SECONDS = 5;

/** Minutes before the next attempt after `attempts` failed ones: 1, 2, 4 … 32, then hourly. */
export function mailBackoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60);
}

interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attempts: number;
}

/** What a delivery run did: sent, failed (retried later) and given up (attempts spent). */
export interface DeliveryResult {
  sent: number;
  failed: number;
  givenUp: number;
}

/** What the mailer needs of the job queue (platform/jobs): adding a delivery job. */
export interface MailJobs {
  enqueue(
    name: string,
    payload?: Record<string, unknown>,
    opts?: { singletonKey?: string; runAt?: Date; em?: EntityManager },
  ): Promise<string | null>;
}

/**
 * Mail goes through the outbox: `enqueue` writes it in the caller's transaction, `deliverPending`
 * claims what is due (one atomic UPDATE … FOR UPDATE SKIP LOCKED, so however many server processes
 * deliver, each mail is sent by one) and sends it to SMTP_URL. It runs right after each response that
 * wrote mail (`kick`); a failed send is retried by the `mail-delivery` job on the job queue, after a
 * backoff per attempt, up to 10 attempts. No timer in the web process. Without SMTP_URL, development
 * mail is only logged, and production mail waits in the outbox.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private pending = false;
  private running: Promise<unknown> = Promise.resolve();
  private root: EntityManager | undefined;
  private jobs: MailJobs | undefined;

  constructor(
    private readonly config: MailConfig,
    private readonly log: Logger,
    private readonly observer?: MailObserver,
  ) {
    // A send ends within a minute or fails: well inside a claim's 15 minutes, so no claim of a live
    // process is ever taken over.
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : null;
  }

  enqueue(em: EntityManager, message: MailMessage): void {
    em.persist(em.create(MailOutbox, { to: message.to, subject: message.subject, text: message.text }));
    this.pending = true;
  }

  /** Delivers soon if anything was enqueued since the last run (one run at a time in this process). */
  kick(): void {
    if (!this.pending || !this.root) return;
    this.pending = false;
    const root = this.root;
    this.running = this.running
      .then(() => this.deliverPending(root))
      .catch((err) => this.log.error({ err }, 'mail delivery'));
  }

  /** Waits for the delivery under way; tests read the SMTP server after this. */
  async flush(): Promise<void> {
    this.kick();
    await this.running;
  }

  private sql<T>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
    return em.getConnection().execute<T[]>(query, params, 'all', em.getTransactionContext());
  }

  /**
   * Claims the due mail (unsent, attempts left, its retry time come, not claimed by a live process)
   * and sends it. Any number of these may run at once, in one process or several: a row is claimed by
   * one of them only.
   */
  async deliverPending(em: EntityManager, now = new Date()): Promise<DeliveryResult> {
    const result: DeliveryResult = { sent: 0, failed: 0, givenUp: 0 };
    if (!this.transport && !this.config.logBodies) {
      const [waiting] = await this.sql<{ n: string }>(
        em.fork(),
        `select count(*) as n from mail_outbox where sent_at is null and attempts < ?`,
        [MAIL_MAX_ATTEMPTS],
      );
      if (Number(waiting?.n))
        this.log.warn({ waiting: Number(waiting?.n) }, 'mail kept in the outbox: SMTP_URL is not set');
      return result;
    }
    // One mail at a time: its claim is fresh when its send starts, so a run held up by a slow SMTP
    // server never sees its claims expire while they wait; runs in other processes share the rest.
    for (;;) {
      const [mail] = await this.claim(em.fork(), now);
      if (!mail) return result;
      await this.deliverOne(em.fork(), mail, now, result);
    }
  }

  /**
   * One statement: the oldest due row, skipping those another transaction holds, marked as this
   * run's. Due by `now` (a test may give one); claims live in the database's time.
   */
  private claim(em: EntityManager, now: Date): Promise<ClaimedMail[]> {
    return this.sql<ClaimedMail>(
      em,
      `with due as materialized (
         select id from mail_outbox
          where sent_at is null and attempts < ?
            and (next_attempt_at is null or next_attempt_at <= ?)
            and (claimed_at is null or claimed_at < now() - interval '${MAIL_CLAIM_MINUTES} minutes')
          order by id limit 1 for update skip locked)
       update mail_outbox m set claimed_at = now(), claimed_by = ?, attempts = m.attempts + 1
         from due where m.id = due.id
       returning m.id, m."to", m.subject, m.text, m.attempts`,
      [MAIL_MAX_ATTEMPTS, now, this.worker],
    );
  }

  private async deliverOne(
    em: EntityManager,
    mail: ClaimedMail,
    now: Date,
    result: DeliveryResult,
  ): Promise<void> {
    try {
      if (this.transport)
        await this.transport.sendMail({
          from: this.config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      else
        this.log.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail (no SMTP_URL: logged only)',
        );
    } catch (err) {
      await this.recordFailure(em, mail, err, now, result);
      return;
    }
    await this.sql(
      em,
      `update mail_outbox set sent_at = now(), last_error = null, next_attempt_at = null,
              claimed_at = null, claimed_by = null
        where id = ? and claimed_by = ?`,
      [mail.id, this.worker],
    );
    result.sent++;
    this.observer?.delivered('sent');
  }

  /**
   * The failure and the job that retries it, in one transaction (a crash loses neither). The job is
   * this attempt's (singleton key mail id and attempt) and runs a few seconds after the mail is due
   * (server clocks agree within seconds); it delivers every mail then due, so when many mails fail
   * together the first of their jobs sends them all and the others find nothing to do.
   */
  private async recordFailure(
    em: EntityManager,
    mail: ClaimedMail,
    err: unknown,
    now: Date,
    result: DeliveryResult,
  ): Promise<void> {
    const message = String(err instanceof Error ? err.message : err).slice(0, 1000);
    const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
    await em.transactional(async (tx) => {
      const [row] = await this.sql<{ retry_at: Date | string | null }>(
        tx,
        `update mail_outbox set last_error = ?, claimed_at = null, claimed_by = null,
                next_attempt_at = case when ?::boolean then null else ?::timestamptz + (?::int * interval '1 minute') end
          where id = ? and claimed_by = ?
          returning next_attempt_at + interval '${RETRY_SLACK_SECONDS} seconds' as retry_at`,
        [message, last, now, mailBackoffMinutes(mail.attempts), mail.id, this.worker],
      );
      if (!row?.retry_at || !this.jobs) return;
      const runAt = new Date(row.retry_at);
      await this.jobs.enqueue(
        MAIL_DELIVERY_JOB,
        { mailId: mail.id, attempt: mail.attempts },
        { runAt, singletonKey: `${mail.id}:${mail.attempts}`, em: tx },
      );
    });
    this.observer?.delivered(last ? 'given_up' : 'failed');
    if (last) {
      result.givenUp++;
      this.log.error(
        { err, to: mail.to, id: mail.id, attempts: mail.attempts },
        'mail delivery failed; attempts spent, left in the outbox',
      );
    } else {
      result.failed++;
      this.log.warn(
        { err, to: mail.to, id: mail.id, attempt: mail.attempts },
        'mail delivery failed; a job retries it',
      );
    }
  }

  /**
   * Delivers after each response that enqueued mail (`kick`); retries are jobs on `jobs`. Where this
   * process runs jobs (`sweep`), its start adds a delivery now and one after a claim expires: mail a
   * stopped process left (written but never sent, or claimed mid-send) goes out after a restart too.
   */
  async start(em: EntityManager, jobs: MailJobs, opts: { sweep: boolean }): Promise<void> {
    this.root = em;
    this.jobs = jobs;
    if (!opts.sweep) return;
    const now = Date.now();
    for (const runAt of [new Date(now), new Date(now + (MAIL_CLAIM_MINUTES + 1) * 60_000)])
      await jobs.enqueue(
        MAIL_DELIVERY_JOB,
        {},
        { runAt, singletonKey: `start:${this.worker}:${runAt.toISOString()}` },
      );
  }

  async stop(): Promise<void> {
    this.root = undefined;
    await this.running;
    this.transport?.close();
  }
}
