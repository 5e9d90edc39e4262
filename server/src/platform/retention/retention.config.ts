// What the retention job keeps, and for how long (docs/jobs.md "Retention"); read by loadConfig.

export interface RetentionConfig {
  /**
   * The Bangkok time of day (HH:MM) of the daily purge; undefined: not scheduled (under
   * NODE_ENV=test unless RETENTION_AT is set: a test runs the job with runNow).
   */
  at: string | undefined;
  /** Days each kind of row is kept past the instant it ended; 0 keeps them for ever. */
  jobsDays: number;
  mailDays: number;
  publicWriteDays: number;
  sessionDays: number;
  idempotencyDays: number;
  loginAttemptDays: number;
  /** Rows deleted by one statement. */
  batchSize: number;
}

type IntFrom = (value: string | undefined, fallback: number, name: string) => number;
type TimeOfDay = (value: string | undefined, fallback: string, name: string) => string;

export function retentionConfig(
  env: NodeJS.ProcessEnv,
  nodeEnv: string,
  intFrom: IntFrom,
  timeOfDay: TimeOfDay,
): RetentionConfig {
  return {
    at:
      env.RETENTION_AT || nodeEnv !== 'test'
        ? timeOfDay(env.RETENTION_AT, '03:30', 'RETENTION_AT')
        : undefined,
    jobsDays: intFrom(env.RETENTION_JOBS_DAYS, 30, 'RETENTION_JOBS_DAYS'),
    mailDays: intFrom(env.RETENTION_MAIL_DAYS, 30, 'RETENTION_MAIL_DAYS'),
    publicWriteDays: intFrom(env.RETENTION_PUBLIC_WRITE_DAYS, 1, 'RETENTION_PUBLIC_WRITE_DAYS'),
    sessionDays: intFrom(env.RETENTION_SESSION_DAYS, 30, 'RETENTION_SESSION_DAYS'),
    idempotencyDays: intFrom(env.RETENTION_IDEMPOTENCY_DAYS, 7, 'RETENTION_IDEMPOTENCY_DAYS'),
    loginAttemptDays: intFrom(env.RETENTION_LOGIN_ATTEMPT_DAYS, 90, 'RETENTION_LOGIN_ATTEMPT_DAYS'),
    batchSize: Math.max(1, intFrom(env.RETENTION_BATCH_SIZE, 5000, 'RETENTION_BATCH_SIZE')),
  };
}
