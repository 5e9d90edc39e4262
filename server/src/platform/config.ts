import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  boolFrom,
  ConfigError,
  intFrom,
  jwtSecretProblem,
  postgresUrlProblem,
  timeOfDay,
  urlProblem,
} from './config-values';
import { type PublicFormsConfig, publicFormsConfig } from './public-forms/public-forms.config';
import { type RetentionConfig, retentionConfig } from './retention/retention.config';

/** The job queue's settings (platform/jobs). */
export interface JobsConfig {
  /** Poll and run jobs in this process (off in tests: a test runs a job with runNow). */
  enabled: boolean;
  pollSeconds: number;
  /** The Bangkok time of the daily pending-work e-mail, HH:MM. */
  pendingWorkMailAt: string;
  /** The Bangkok time of the daily overdue e-Donation reminder, HH:MM. */
  eDonationReminderAt: string;
  /**
   * How long a claim lasts without a heartbeat (seconds; default 15 minutes): a job whose worker
   * died is queued again after this. Renewed every third of it while the job runs. Tests shorten it.
   */
  claimSeconds?: number;
}

/** The PDF renderer's settings (platform/pdf). */
export interface PdfConfig {
  /** CHROMIUM_PATH; unset: /usr/bin/chromium, else the @sparticuz/chromium package. */
  chromiumPath: string | undefined;
  /** Renders at a time (PDF_CONCURRENCY). */
  concurrency: number;
}

/** The repository root: the nearest folder upwards whose package.json is the workspace root. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).workspaces) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`No workspace root above ${start}`);
    dir = up;
  }
}

export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  /**
   * Set: an external PostgreSQL, connected to as the server's role (no ownership, the privileges
   * the migrations grant to namjai_app). Unset: the embedded one under dataDir/postgres.
   */
  databaseUrl: string | undefined;
  /**
   * The owner role's URL of the same database, for the migrations (docs/database-roles.md). Unset:
   * DATABASE_URL's role does both, and history is protected by the triggers only.
   */
  databaseOwnerUrl: string | undefined;
  dataDir: string;
  repoRoot: string;
  clientDist: string;
  logLevel: string;
  /** Demo data (sample organisation, later demo accounts): embedded database outside production only. */
  seedDemo: boolean;
  graphqlSandbox: boolean;
  /**
   * Which `X-Forwarded-For` entries to believe (fastify's trustProxy): false, a number of proxy hops
   * (the visitor is the entry that many from the right), or the proxies' addresses and CIDRs.
   */
  trustProxy: false | number | string[];
  /**
   * Strict-Transport-Security on every answer (with includeSubDomains): browsers then reach the site
   * over HTTPS only, for maxAge seconds. On in production (HSTS_MAX_AGE, default one year); off
   * (null) outside production or when HSTS_MAX_AGE is 0.
   */
  hsts: { maxAge: number } | null;
  /**
   * How long a drain may take on SIGTERM or SIGINT before the process gives up and exits with 1
   * (SHUTDOWN_GRACE_MS, default 20 s; docs/drain-and-outages.md).
   */
  shutdownGraceMs: number;
  auth: AuthConfig;
  mail: MailConfig;
  attachments: AttachmentLimits;
  pdf: PdfConfig;
  /** Bot check and per-address write limit of public forms (platform/public-forms). */
  publicForms: PublicFormsConfig;
  /** First administrator, created on first start when both are set (group UG-A01). */
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** Base URL people reach the site at, for links in e-mails. */
  publicUrl: string;
  /**
   * BENCH_ROUTES=1: also serve the routes `npm run bench` compares the API with (hand-written SQL
   * answering what a GraphQL query answers; docs/benchmarks.md). They keep their menu codes and
   * data scope; off unless set.
   */
  benchRoutes: boolean;
  /** The job queue in PostgreSQL (docs/jobs.md): polled by every server process outside tests. */
  jobs: JobsConfig;
  /** The daily purge of done jobs, sent mail, ended sessions and the like (docs/jobs.md "Retention"). */
  retention: RetentionConfig;
  /** The server's database pool and session settings, and /metrics (docs/metrics.md). */
  observability: ObservabilityConfig;
}

export interface ObservabilityConfig {
  /** Bearer token of GET /metrics (METRICS_TOKEN, at least 16 characters); unset: /metrics is 404. */
  metricsToken: string | undefined;
  /** Connections of the server's pool (DB_POOL_MAX). */
  dbPoolMax: number;
  /** statement_timeout of the server's connections in ms (DB_STATEMENT_TIMEOUT_MS); 0: none. */
  dbStatementTimeoutMs: number;
}

export interface AuthConfig {
  /** HS256 key. Unset outside production: generated once and kept in DATA_DIR. Required in production. */
  jwtSecret: string | undefined;
  accessTokenMinutes: number;
  idleMinutes: number;
  absoluteHours: number;
  /** Sign-in throttling (docs/sign-in.md); replaces the per-account lockout of earlier releases. */
  login: LoginThrottleConfig;
  activationHours: number;
  resetTokenMinutes: number;
}

/**
 * Failed sign-ins counted in PostgreSQL (login_attempt) over a sliding window (docs/sign-in.md). A
 * threshold of 0 turns its rule off.
 */
export interface LoginThrottleConfig {
  windowMinutes: number;
  /** Failures of one username from one address after which that pair waits a growing delay. */
  pairFailures: number;
  /** Failures from one address, whatever the usernames, after which the address waits a growing delay. */
  addressFailures: number;
  /**
   * Failures of one username from all addresses after which its logins need a bot-check token (when
   * a provider is configured; never a refusal that would keep the owner out).
   */
  accountFailures: number;
  /** The first delay past a threshold; it doubles with each further failure up to the cap. */
  delaySeconds: number;
  delayMaxSeconds: number;
}

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://…; unset: mails go to the log and the outbox table only. */
  smtpUrl: string | undefined;
  from: string;
  /**
   * Without SMTP_URL, outside production: mails are written to the log (a developer reads the
   * activation link there). In production a mail body, which may hold a one-time code, never goes to
   * the log: it waits in the outbox until SMTP_URL is set.
   */
  logBodies: boolean;
}

/** Files attached to one owner (a document): how many, and how large each may be. */
export interface AttachmentLimits {
  maxFiles: number;
  maxBytes: number;
}

/**
 * TRUST_PROXY: unset or false; a hop count (`1` behind one nginx); or the proxies' addresses and
 * CIDRs, comma-separated. `true` means one hop: believing every entry would let a visitor write the
 * address the write limit and the sign-in throttle count by (nginx appends to the header they send).
 */
export function trustProxyFrom(value: string | undefined): AppConfig['trustProxy'] {
  const v = value?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    if (
      !version ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))
    )
      throw new Error(
        `TRUST_PROXY must be false, a hop count or proxy addresses/CIDRs separated by commas, got "${value}"`,
      );
  }
  return entries;
}

function hstsFrom(env: NodeJS.ProcessEnv, production: boolean, int: typeof intFrom): AppConfig['hsts'] {
  const maxAge = int(env.HSTS_MAX_AGE, 31_536_000, 'HSTS_MAX_AGE');
  return production && maxAge > 0 ? { maxAge } : null;
}

/**
 * The configuration from the environment, checked as a whole before anything starts: every problem
 * (a number that is not one, a URL that is not one, JWT_SECRET missing in production, …) is reported
 * together in one ConfigError, each with its fix.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const repoRoot = findRepoRoot();
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  const problems: string[] = [];
  const checked = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (err) {
      problems.push((err as Error).message);
      return fallback;
    }
  };
  const int: typeof intFrom = (value, fallback, name) =>
    checked(() => intFrom(value, fallback, name), fallback);
  const port = int(env.PORT, 3000, 'PORT');
  if (port > 65_535) problems.push(`PORT must be a TCP port (0 to 65535), got "${env.PORT}"`);
  const jwtSecret = env.JWT_SECRET || undefined;
  const smtpUrl = env.SMTP_URL || undefined;
  const publicUrl = env.PUBLIC_URL || undefined;
  for (const problem of [
    jwtSecretProblem(jwtSecret, production),
    postgresUrlProblem('DATABASE_URL', databaseUrl),
    postgresUrlProblem('DATABASE_OWNER_URL', env.DATABASE_OWNER_URL || undefined),
    urlProblem('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']),
    urlProblem('PUBLIC_URL', publicUrl, ['http:', 'https:']),
  ])
    if (problem) problems.push(problem);
  const config: AppConfig = {
    nodeEnv,
    production,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || undefined,
    dataDir: resolve(repoRoot, env.DATA_DIR || '.data'),
    repoRoot,
    clientDist: resolve(repoRoot, env.CLIENT_DIST || 'client/dist'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
    seedDemo: boolFrom(env.SEED_DEMO, !production && !databaseUrl),
    graphqlSandbox: !production && boolFrom(env.GRAPHQL_SANDBOX, true),
    trustProxy: checked(() => trustProxyFrom(env.TRUST_PROXY), false),
    hsts: hstsFrom(env, production, int),
    shutdownGraceMs: int(env.SHUTDOWN_GRACE_MS, 20_000, 'SHUTDOWN_GRACE_MS'),
    auth: {
      jwtSecret,
      accessTokenMinutes: int(env.ACCESS_TOKEN_MINUTES, 15, 'ACCESS_TOKEN_MINUTES'),
      idleMinutes: int(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES'),
      absoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
      // LOCKOUT_FAILURES and LOCKOUT_WINDOW_MINUTES of earlier releases are no longer read.
      login: {
        windowMinutes: Math.max(1, int(env.LOGIN_WINDOW_MINUTES, 15, 'LOGIN_WINDOW_MINUTES')),
        pairFailures: int(env.LOGIN_PAIR_FAILURES, 5, 'LOGIN_PAIR_FAILURES'),
        addressFailures: int(env.LOGIN_ADDRESS_FAILURES, 20, 'LOGIN_ADDRESS_FAILURES'),
        accountFailures: int(env.LOGIN_ACCOUNT_FAILURES, 20, 'LOGIN_ACCOUNT_FAILURES'),
        delaySeconds: Math.max(1, int(env.LOGIN_DELAY_SECONDS, 1, 'LOGIN_DELAY_SECONDS')),
        delayMaxSeconds: Math.max(1, int(env.LOGIN_DELAY_MAX_SECONDS, 60, 'LOGIN_DELAY_MAX_SECONDS')),
      },
      activationHours: int(env.ACTIVATION_HOURS, 72, 'ACTIVATION_HOURS'),
      resetTokenMinutes: int(env.RESET_TOKEN_MINUTES, 60, 'RESET_TOKEN_MINUTES'),
    },
    mail: {
      smtpUrl,
      from: env.MAIL_FROM || 'น้ำใจ Namjai <no-reply@namjai.local>',
      logBodies: !production,
    },
    attachments: {
      maxFiles: int(env.ATTACHMENT_MAX_FILES, 20, 'ATTACHMENT_MAX_FILES'),
      maxBytes: int(env.ATTACHMENT_MAX_BYTES, 2 * 1024 * 1024, 'ATTACHMENT_MAX_BYTES'),
    },
    pdf: {
      chromiumPath: env.CHROMIUM_PATH || undefined,
      concurrency: int(env.PDF_CONCURRENCY, 2, 'PDF_CONCURRENCY'),
    },
    publicForms: checked(() => publicFormsConfig(env, nodeEnv, int), publicFormsConfig({}, nodeEnv, int)),
    adminUsername: env.ADMIN_USERNAME?.trim().toLowerCase() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: (publicUrl ?? `http://localhost:${port}`).replace(/\/$/, ''),
    benchRoutes: boolFrom(env.BENCH_ROUTES, false),
    jobs: {
      enabled: boolFrom(env.JOBS_ENABLED, nodeEnv !== 'test'),
      pollSeconds: Math.max(1, int(env.JOBS_POLL_SECONDS, 30, 'JOBS_POLL_SECONDS')),
      pendingWorkMailAt: checked(
        () => timeOfDay(env.PENDING_WORK_MAIL_AT, '07:30', 'PENDING_WORK_MAIL_AT'),
        '07:30',
      ),
      eDonationReminderAt: checked(
        () => timeOfDay(env.E_DONATION_REMINDER_AT, '08:00', 'E_DONATION_REMINDER_AT'),
        '08:00',
      ),
    },
    retention: checked(
      () => retentionConfig(env, nodeEnv, intFrom, timeOfDay),
      retentionConfig({}, nodeEnv, intFrom, timeOfDay),
    ),
    observability: checked(() => observabilityFrom(env), observabilityFrom({})),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** METRICS_TOKEN, DB_POOL_MAX, DB_STATEMENT_TIMEOUT_MS (docs/metrics.md). */
function observabilityFrom(env: NodeJS.ProcessEnv): ObservabilityConfig {
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken)))
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (or unset: no /metrics)');
  const dbPoolMax = intFrom(env.DB_POOL_MAX, 10, 'DB_POOL_MAX');
  if (dbPoolMax < 1) throw new Error('DB_POOL_MAX must be at least 1');
  return {
    metricsToken,
    dbPoolMax,
    dbStatementTimeoutMs: intFrom(env.DB_STATEMENT_TIMEOUT_MS, 30_000, 'DB_STATEMENT_TIMEOUT_MS'),
  };
}
