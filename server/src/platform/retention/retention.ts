import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../jobs/job-queue';
import { MAIL_MAX_ATTEMPTS } from '../mail/mail-attempts';
import type { RetentionConfig } from './retention.config';

// Retention (docs/jobs.md "Retention"): a daily job purges the rows that only served the machinery —
// done jobs, sent mail, public write counts, ended sessions, old idempotency keys and sign-in
// attempts — once they are older than their configured days. It never touches the audit trail, the
// ledgers or the document history (the server's role may not delete them: docs/database-roles.md).
// Each statement deletes one batch, committed on its own, so a large backlog holds no long lock.

export type RetentionKind =
  | 'jobs'
  | 'mail'
  | 'publicWrites'
  | 'sessions'
  | 'idempotencyKeys'
  | 'loginAttempts';

interface Purge {
  kind: RetentionKind;
  table: string;
  /** Which rows are old, with `?` for the cutoff's parameters. */
  old: string;
  params(config: RetentionConfig, loginWindowMinutes: number): number[];
}

const cutoff = `now() - make_interval(days => ?)`;

/** What is purged, from which table, once how old. */
export const PURGES: readonly Purge[] = [
  {
    kind: 'jobs',
    table: 'job',
    old: `state in ('DONE', 'FAILED') and finished_at < ${cutoff}`,
    params: (c) => [c.jobsDays],
  },
  {
    // Sent, or given up after its last attempt (never one still to be sent).
    kind: 'mail',
    table: 'mail_outbox',
    old: `(sent_at < ${cutoff} or (sent_at is null and attempts >= ${MAIL_MAX_ATTEMPTS} and created_at < ${cutoff}))`,
    params: (c) => [c.mailDays, c.mailDays],
  },
  {
    kind: 'publicWrites',
    table: 'public_write_count',
    old: `window_start < ${cutoff}`,
    params: (c) => [c.publicWriteDays],
  },
  {
    // Ended (signed out, replaced, deactivated), or past its absolute limit without an end.
    kind: 'sessions',
    table: 'user_session',
    old: `coalesce(ended_at, expires_at) < ${cutoff}`,
    params: (c) => [c.sessionDays],
  },
  {
    kind: 'idempotencyKeys',
    table: 'idempotency_key',
    old: `created_at < ${cutoff}`,
    params: (c) => [c.idempotencyDays],
  },
  {
    // Never within the throttle's window, whatever the days (docs/sign-in.md); every attempt is
    // also an audit event, which stays.
    kind: 'loginAttempts',
    table: 'login_attempt',
    old: `at < now() - greatest(make_interval(days => ?), make_interval(mins => ?))`,
    params: (c, window) => [c.loginAttemptDays, window],
  },
];

const daysOf: Record<RetentionKind, keyof RetentionConfig> = {
  jobs: 'jobsDays',
  mail: 'mailDays',
  publicWrites: 'publicWriteDays',
  sessions: 'sessionDays',
  idempotencyKeys: 'idempotencyDays',
  loginAttempts: 'loginAttemptDays',
};

/**
 * Deletes what is past its days, one batch a statement (each committed on its own: no long lock,
 * and a stop keeps what was done), until a batch comes back short. Answers the rows deleted per kind.
 */
export async function purgeExpired(
  em: EntityManager,
  config: RetentionConfig,
  loginWindowMinutes: number,
  signal?: AbortSignal,
): Promise<Record<RetentionKind, number>> {
  const deleted = {} as Record<RetentionKind, number>;
  const connection = em.getConnection();
  for (const purge of PURGES) {
    deleted[purge.kind] = 0;
    if (config[daysOf[purge.kind]] === 0) continue;
    const params = purge.params(config, loginWindowMinutes);
    // The condition again outside: a row changed since the batch was chosen is deleted only if still old.
    const sql = `delete from ${purge.table}
      where ctid = any(array(select ctid from ${purge.table} where ${purge.old} limit ?)) and ${purge.old}`;
    for (;;) {
      signal?.throwIfAborted();
      const result = await connection.execute(sql, [...params, config.batchSize, ...params], 'run');
      const n = (result as { affectedRows?: number }).affectedRows ?? 0;
      deleted[purge.kind] += n;
      if (n < config.batchSize) break;
    }
  }
  return deleted;
}

export const RETENTION_JOB = 'retention';

/** The daily purge (docs/jobs.md "Retention"). */
export const retentionJob: JobDefinition = {
  name: RETENTION_JOB,
  dailyAt: (deps) => deps.config.retention.at,
  run: (ctx) =>
    purgeExpired(ctx.em, ctx.deps.config.retention, ctx.deps.config.auth.login.windowMinutes, ctx.signal),
};
