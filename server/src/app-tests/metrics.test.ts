import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPassword } from '../kits/core/demo-accounts';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { bearer } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// /metrics (docs/metrics.md), the request log line and the database session settings, on the real
// application: its own logger, read back line by line.

const token = 'metrics-test-token-0123456789';
let t: TestApp;
const lines: Record<string, unknown>[] = [];
/** What the process printed while the app started (ajv's strict-mode warnings went there). */
let startOutput = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const printed: string[] = [];
  const spies = [
    vi.spyOn(console, 'warn').mockImplementation((...args) => void printed.push(args.join(' '))),
    vi.spyOn(console, 'log').mockImplementation((...args) => void printed.push(args.join(' '))),
    vi.spyOn(console, 'error').mockImplementation((...args) => void printed.push(args.join(' '))),
  ];
  try {
    const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
    t = await startTestApp(
      { observability: { ...base.observability, metricsToken: token } },
      { log: createLogger('info', sink) },
    );
    // Fastify compiles the route schemas when it gets ready.
    await t.app.ready();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  startOutput = printed.join('\n');
});
afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series in the text format, e.g. value(body, 'x_total{a="b"}'); undefined if absent. */
function value(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('answers only with the bearer token: 401 without it or with another, never the page', async () => {
    for (const headers of [{}, bearer('metrics-test-token-0123456788'), { authorization: token }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', messageTh: expect.any(String) });
    }
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(res.body).toContain('# TYPE namjai_http_requests_total counter');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('counts HTTP requests by route pattern and status class, never by the URL with its id', async () => {
    const before = await scrape();
    const series =
      'namjai_http_requests_total{method="GET",route="/api/receipts/:id/pdf",status_class="4xx"}';
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/receipts/${987650 + i}/pdf` });
    const after = await scrape();
    expect((value(after, series) ?? 0) - (value(before, series) ?? 0)).toBe(3);
    expect(after).not.toContain('98765');
    expect(after).toMatch(
      /namjai_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/receipts\/:id\/pdf"\}/,
    );
    // Unknown paths share one series.
    await t.app.inject({ method: 'GET', url: '/api/no-such-call-123' });
    const last = await scrape();
    expect(
      value(last, 'namjai_http_requests_total{method="GET",route="not-found",status_class="4xx"}'),
    ).toBeGreaterThan(0);
    expect(last).not.toContain('no-such-call');
  });

  it("counts GraphQL operations by the client's operation names, every other name as other", async () => {
    const before = await scrape();
    const login = await t.graphql(
      'mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { token } }',
      { username: 'admin.demo', password: 'not-the-password-1' },
    );
    expect(login.body.errors?.[0]?.extensions?.code).toBeDefined();
    await t.graphql('query MadeUpByACaller1 { __typename }');
    await t.graphql('query MadeUpByACaller2 { __typename }');
    await t.graphql('{ __typename }');
    // A syntax error: no operation to name (the body gives no operationName).
    await t.graphql('query Broken { __typename');
    const after = await scrape();
    const delta = (series: string) => (value(after, series) ?? 0) - (value(before, series) ?? 0);
    expect(delta('namjai_graphql_operations_total{operation="Login"}')).toBe(1);
    expect(delta('namjai_graphql_operation_errors_total{operation="Login",kind="client"}')).toBe(1);
    expect(delta('namjai_graphql_operations_total{operation="other"}')).toBe(2);
    expect(delta('namjai_graphql_operations_total{operation="anonymous"}')).toBe(2);
    expect(delta('namjai_graphql_operation_errors_total{operation="anonymous",kind="client"}')).toBe(1);
    expect(
      value(after, 'namjai_graphql_operation_errors_total{operation="other",kind="client"}'),
    ).toBeUndefined();
    expect(after).not.toContain('MadeUpByACaller');
    expect(
      value(after, 'namjai_graphql_operation_duration_seconds_count{operation="Login"}'),
    ).toBeGreaterThan(0);
  });

  it('reports the pool, and the job queue and mail outbox read from PostgreSQL at scrape time', async () => {
    const owner = await t.ownerEm();
    const conn = owner.getConnection();
    await conn.execute(
      `insert into job (name, payload, run_at) values ('metrics-test', '{}', now() - interval '90 seconds'),
        ('metrics-test', '{}', now() - interval '10 seconds'), ('metrics-later', '{}', now() + interval '1 hour')`,
    );
    await conn.execute(
      `insert into job (name, payload, state, attempts, finished_at) values ('metrics-test', '{}', 'FAILED', 5, now())`,
    );
    await conn.execute(
      `insert into mail_outbox ("to", subject, text, created_at, attempts, last_error)
       values ('a@example.com', 's', 't', now() - interval '2 minutes', 1, 'refused'),
              ('b@example.com', 's', 't', now(), 10, 'refused')`,
    );
    try {
      const body = await scrape();
      expect(value(body, 'namjai_database_up')).toBe(1);
      expect(value(body, 'namjai_jobs_due{job="metrics-test"}')).toBe(2);
      expect(value(body, 'namjai_jobs_due{job="metrics-later"}')).toBeUndefined();
      expect(value(body, 'namjai_jobs_lag_seconds')).toBeGreaterThanOrEqual(89);
      expect(value(body, 'namjai_jobs_failed{job="metrics-test"}')).toBe(1);
      expect(value(body, 'namjai_mail_outbox_pending')).toBe(1);
      expect(value(body, 'namjai_mail_outbox_retrying')).toBe(1);
      expect(value(body, 'namjai_mail_outbox_given_up')).toBe(1);
      expect(value(body, 'namjai_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(119);
      expect(value(body, 'namjai_db_pool_max')).toBe(10);
      expect(value(body, 'namjai_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      expect(value(body, 'namjai_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } finally {
      await conn.execute(`delete from job where name in ('metrics-test', 'metrics-later')`);
      await conn.execute(`delete from mail_outbox where "to" in ('a@example.com', 'b@example.com')`);
    }
    const cleared = await scrape();
    expect(value(cleared, 'namjai_jobs_due{job="metrics-test"}')).toBeUndefined();
    expect(value(cleared, 'namjai_jobs_lag_seconds')).toBe(0);
  });

  it('counts mail deliveries and times PDF renders', async () => {
    const before = await scrape();
    const em = t.em();
    t.deps.mailer.enqueue(em, { to: 'metrics@example.com', subject: 'metrics', text: 'x' });
    await em.flush();
    await t.deps.mailer.flush();
    const pdf = await t.deps.pdf.render({ title: 'metrics', body: '<p>ทดสอบ</p>' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const after = await scrape();
    const delta = (series: string) => (value(after, series) ?? 0) - (value(before, series) ?? 0);
    expect(delta('namjai_mail_deliveries_total{outcome="sent"}')).toBe(1);
    expect(delta('namjai_pdf_render_duration_seconds_count{outcome="ok"}')).toBe(1);
    expect(delta('namjai_pdf_render_duration_seconds_sum{outcome="ok"}')).toBeGreaterThan(0);
  });
});

describe('request log', () => {
  it('writes one line per request: id, method, route, status, time, user id, operation; no personal data', async () => {
    const mark = lines.length;
    const login = await t.graphql<{ login: { token: string } }>(
      'mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { token } }',
      { username: 'admin.demo', password: demoPassword },
    );
    const accessToken = login.body.data?.login.token as string;
    expect(accessToken).toBeTruthy();
    const me = await t.graphql(
      'query MenuCatalogue { menuCatalogue { code } }',
      { unused: 'somebody@example.com' },
      bearer(accessToken),
    );
    expect(me.status).toBe(200);
    await t.app.inject({
      method: 'GET',
      url: '/api/receipts/42/pdf?email=somebody@example.com',
      headers: bearer(accessToken),
    });
    const written = lines.slice(mark).filter((l) => l.msg === 'request');
    expect(written).toHaveLength(3);
    const [first, second, third] = written;
    expect(first).toMatchObject({ reqId: login.requestId, method: 'POST', route: '/graphql', status: 200 });
    expect(first).toMatchObject({ operation: 'Login' });
    expect(typeof first?.ms).toBe('number');
    const [{ id: adminId }] = await t
      .em()
      .getConnection()
      .execute<{ id: number }[]>(`select id from app_user where username = 'admin.demo'`);
    expect(second).toMatchObject({
      reqId: me.requestId,
      operation: 'MenuCatalogue',
      userId: Number(adminId),
    });
    expect(third).toMatchObject({ route: '/api/receipts/:id/pdf', userId: Number(adminId) });
    const text = JSON.stringify(lines.slice(mark));
    for (const secret of ['admin.demo', demoPassword, accessToken, 'somebody@example.com', '/42/'])
      expect(text).not.toContain(secret);
  });

  it('has no ajv strict-mode lines at start', () => {
    expect(startOutput).not.toMatch(/strict mode/i);
  });
});

describe('database sessions', () => {
  it('carry application_name namjai-server and the statement timeout', async () => {
    const [row] = await t
      .em()
      .getConnection()
      .execute<{ name: string; timeout: string }[]>(
        `select current_setting('application_name') as name, current_setting('statement_timeout') as timeout`,
      );
    expect(row).toEqual({ name: 'namjai-server', timeout: '30s' });
  });

  it('reads DB_POOL_MAX, DB_STATEMENT_TIMEOUT_MS and METRICS_TOKEN', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).observability).toEqual({
      metricsToken: undefined,
      dbPoolMax: 10,
      dbStatementTimeoutMs: 30_000,
    });
    expect(
      loadConfig({ DB_POOL_MAX: '25', DB_STATEMENT_TIMEOUT_MS: '0', METRICS_TOKEN: token }).observability,
    ).toEqual({ metricsToken: token, dbPoolMax: 25, dbStatementTimeoutMs: 0 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '30s' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});
