import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { RETENTION_JOB } from '../platform/retention/retention';
import { startTestApp, type TestApp } from '../testing/test-app';

// The daily purge (docs/jobs.md "Retention"), run as the server's role through the queue like any
// job: old rows of each kind go, recent ones stay, and the audit trail, the document history and the
// ledgers keep every row however old. Batches of 2 here, so each kind takes several statements.

let t: TestApp;
beforeAll(async () => {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  t = await startTestApp({ retention: { ...config.retention, batchSize: 2 } });
});
afterAll(() => t.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  t.em().execute<T[]>(query, params);
const ids = async (query: string, params: unknown[] = []) =>
  (await sql<{ id: string }>(query, params)).map((r) => String(r.id));
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('retention', () => {
  it('purges old jobs, mail, write counts, sessions, idempotency keys and sign-in attempts, and nothing kept', async () => {
    const [{ id: userId }] = await sql<{ id: number }>('select id from app_user order by id limit 1');
    const job = (state: string, finished: Date | null, created = ago(40)) =>
      ids(
        `insert into job (name, state, finished_at, created_at, run_at) values ('retention-fixture', ?, ?, ?, ?)
         returning id`,
        [state, finished, created, created],
      );
    const oldJobs = [
      ...(await job('DONE', ago(40))),
      ...(await job('DONE', ago(31))),
      ...(await job('FAILED', ago(40))),
    ];
    // Recent, or not finished however old (a retry still to come).
    const keptJobs = [...(await job('DONE', ago(1))), ...(await job('QUEUED', null))];

    const mail = (sent: Date | null, attempts: number, created = ago(40)) =>
      ids(
        `insert into mail_outbox ("to", subject, text, created_at, sent_at, attempts)
         values ('retention@example.org', 'x', 'x', ?, ?, ?) returning id`,
        [created, sent, attempts],
      );
    const oldMail = [...(await mail(ago(40), 1)), ...(await mail(null, 10))];
    // Sent yesterday; still being retried though written long ago.
    const keptMail = [...(await mail(ago(1), 1)), ...(await mail(null, 3))];

    await sql(
      `insert into public_write_count (address, window_start, count)
       values ('198.51.100.1', ?, 3), ('198.51.100.2', now(), 1)`,
      [ago(2)],
    );

    const session = (ended: Date | null, expires: Date) =>
      ids(
        `insert into user_session (id, user_id, created_at, last_seen_at, expires_at, ended_at, end_reason)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?) returning id`,
        [userId, ago(60), ago(60), expires, ended, ended ? 'LOGOUT' : null],
      );
    const oldSessions = [...(await session(ago(40), ago(39))), ...(await session(null, ago(31)))];
    const keptSessions = [...(await session(ago(1), ago(-1))), ...(await session(null, ago(-1)))];

    await sql(
      `insert into idempotency_key (user_id, key, operation, created_at)
       values (?, 'retention-old', 'x', ?), (?, 'retention-new', 'x', ?)`,
      [userId, ago(8), userId, ago(1)],
    );

    const attempt = (at: Date) =>
      ids(
        `insert into login_attempt (username, success, outcome, ip, at) values ('retention', false, 'FAILED', '198.51.100.9', ?)
         returning id`,
        [at],
      );
    const oldAttempts = [...(await attempt(ago(91))), ...(await attempt(ago(100)))];
    const keptAttempts = await attempt(ago(10));

    // Kept however old: the audit trail, document history (and the ledgers, counted).
    const [audit] = await ids(
      `insert into audit_event (at, event, subject) values (?, 'RETENTION_FIXTURE', 'x') returning id`,
      [ago(400)],
    );
    const [history] = await ids(
      `insert into document_history (document_type, document_id, action, to_status, actor_user_id, at)
       values ('RETENTION', 1, 'CREATE', 'DRAFT', ?, ?) returning id`,
      [userId, ago(400)],
    );
    const keptCounts = () =>
      sql(
        `select (select count(*) from audit_event)::int as audit, (select count(*) from document_history)::int as history,
                (select count(*) from stock_movement)::int as stock, (select count(*) from money_movement)::int as money`,
      );
    const before = await keptCounts();

    const result = await t.jobs.runNow(RETENTION_JOB);
    expect(result).toEqual({
      jobs: 3,
      mail: 2,
      publicWrites: 1,
      sessions: 2,
      idempotencyKeys: 1,
      loginAttempts: 2,
    });

    const left = async (table: string, wanted: string[]) =>
      ids(`select id::text as id from ${table} where id::text = any(?::text[]) order by id`, [
        `{${wanted.join(',')}}`,
      ]);
    expect(await left('job', [...oldJobs, ...keptJobs])).toEqual(keptJobs);
    expect(await left('mail_outbox', [...oldMail, ...keptMail])).toEqual(keptMail);
    expect((await left('user_session', [...oldSessions, ...keptSessions])).sort()).toEqual(
      [...keptSessions].sort(),
    );
    expect(await left('login_attempt', [...oldAttempts, ...keptAttempts])).toEqual(keptAttempts);
    expect(await sql(`select address from public_write_count where address like '198.51.100.%'`)).toEqual([
      { address: '198.51.100.2' },
    ]);
    expect(await sql(`select key from idempotency_key where key like 'retention-%'`)).toEqual([
      { key: 'retention-new' },
    ]);
    expect(await left('audit_event', [audit])).toEqual([audit]);
    expect(await left('document_history', [history])).toEqual([history]);
    expect(await keptCounts()).toEqual(before);

    // A second run finds nothing more.
    expect(await t.jobs.runNow(RETENTION_JOB)).toMatchObject({
      jobs: 0,
      mail: 0,
      sessions: 0,
      loginAttempts: 0,
    });
  });
});
