import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger';
import { MAIL_DELIVERY_JOB, MAIL_MAX_ATTEMPTS, Mailer, mailBackoffMinutes } from '../platform/mail/mailer';
import { startSmtpSink } from '../testing/smtp-sink';
import { startTestApp, type TestApp } from '../testing/test-app';

// The mail outbox on a real database and a real SMTP server on loopback (docs/jobs.md, "Mail
// outbox"): each mail is sent once however many processes deliver at once, and a failed send is
// retried by the mail-delivery job on the job queue, with a backoff, until its attempts are spent.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const mailConfig = () => ({ smtpUrl: smtp.url, from: 'Namjai <no-reply@namjai.test>', logBodies: false });

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ seedDemo: false, mail: mailConfig() });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const sql = <T>(query: string, params: unknown[] = []) =>
  t.em().getConnection().execute<T[]>(query, params, 'all');

/** Writes mails into the outbox in one transaction, as a request does (no delivery yet). */
async function write(to: string[], subject: string): Promise<void> {
  await t.em().transactional(async (tx) => {
    for (const address of to) t.deps.mailer.enqueue(tx, { to: address, subject, text: `Hello ${address}` });
  });
}

interface OutboxRow {
  to: string;
  attempts: number;
  sent: boolean;
  last_error: string | null;
  next_in_minutes: number | null;
  claimed_by: string | null;
}
const outbox = (to: string, at = new Date()) =>
  sql<OutboxRow>(
    `select "to", attempts, sent_at is not null as sent, last_error, claimed_by,
            round(extract(epoch from next_attempt_at - ?::timestamptz) / 60)::int as next_in_minutes
       from mail_outbox where "to" = ? order by id`,
    [at, to],
  );
const deliveryJobs = () =>
  sql<{ state: string; run_in: number }>(
    `select state, extract(epoch from run_at - now())::float / 60 as run_in from job where name = ? order by id`,
    [MAIL_DELIVERY_JOB],
  );

describe('mail outbox', () => {
  it('sends each mail once when several processes deliver at the same time', async () => {
    const to = Array.from({ length: 20 }, (_, i) => `race${i}@namjai.test`);
    await write(to, 'Race');
    // Three other server processes (their own SMTP connections and claims) and this one's kick.
    const others = [1, 2, 3].map(() => new Mailer(mailConfig(), createLogger('silent')));
    await Promise.all([
      ...others.map((m) => m.deliverPending(t.em())),
      t.deps.mailer.deliverPending(t.em()),
      t.deps.mailer.flush(),
    ]);
    await Promise.all(others.map((m) => m.stop()));

    const arrived = smtp.mails.filter((m) => m.subject === 'Race');
    expect(arrived.length).toBe(20);
    expect(new Set(arrived.map((m) => m.to)).size).toBe(20);
    const rows = await sql<{ n: number; sent: number; once: number; unclaimed: number }>(
      `select count(*)::int as n, count(sent_at)::int as sent, count(*) filter (where attempts = 1)::int as once,
              count(*) filter (where claimed_by is null)::int as unclaimed
         from mail_outbox where subject = 'Race'`,
    );
    expect(rows[0]).toEqual({ n: 20, sent: 20, once: 20, unclaimed: 20 });

    // Delivering again sends nothing more.
    expect(await t.deps.mailer.deliverPending(t.em())).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    expect(smtp.mails.filter((m) => m.subject === 'Race').length).toBe(20);
  });

  it('retries a refused mail with the mail-delivery job, and it arrives once the server accepts', async () => {
    const to = 'retry@namjai.test';
    smtp.refuse(true);
    await write([to], 'Retry');
    await t.deps.mailer.flush();
    expect(smtp.mails.filter((m) => m.to.includes(to))).toEqual([]);
    const [failed] = await outbox(to);
    expect(failed).toMatchObject({ attempts: 1, sent: false, next_in_minutes: 1, claimed_by: null });
    expect(failed?.last_error).toMatch(/Mailbox unavailable/);
    // One job, queued for when the mail is due again; no timer in the process.
    const jobs = await deliveryJobs();
    expect(jobs.map((j) => j.state)).toEqual(['QUEUED']);
    const runIn = jobs[0]?.run_in as number;
    expect(runIn).toBeGreaterThan(0.9);
    expect(runIn).toBeLessThanOrEqual(1.1);

    // Before its time, another kick or poll does not try it again.
    smtp.refuse(false);
    expect(await t.deps.mailer.deliverPending(t.em())).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    expect(await t.jobs.tick()).toBe(0);
    expect((await outbox(to))[0]?.attempts).toBe(1);

    // Two minutes later (the rows' times moved back): the queue's poll runs the job, the mail goes.
    await sql(
      `update mail_outbox set next_attempt_at = next_attempt_at - interval '2 minutes' where "to" = ?`,
      [to],
    );
    await sql(`update job set run_at = run_at - interval '2 minutes' where name = ? and state = 'QUEUED'`, [
      MAIL_DELIVERY_JOB,
    ]);
    expect(await t.jobs.tick()).toBe(1);
    expect((await smtp.waitFor(to)).length).toBe(1);
    expect(await outbox(to)).toEqual([
      { to, attempts: 2, sent: true, last_error: null, next_in_minutes: null, claimed_by: null },
    ]);
    expect((await deliveryJobs()).map((j) => j.state)).toEqual(['DONE']);
    expect(await t.jobs.tick()).toBe(0);
    expect(smtp.mails.filter((m) => m.to.includes(to)).length).toBe(1);
  });

  it('backs off after each failure and gives up after 10 attempts, queueing no further job', async () => {
    const to = 'down@namjai.test';
    smtp.refuse(true);
    await write([to], 'Down');
    let at = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const queued = (await deliveryJobs()).filter((j) => j.state === 'QUEUED').length;
      const result = await t.jobs.runNow(MAIL_DELIVERY_JOB, {}, at);
      const last = attempt === MAIL_MAX_ATTEMPTS;
      expect(result, `attempt ${attempt}`).toEqual({ sent: 0, failed: last ? 0 : 1, givenUp: last ? 1 : 0 });
      const [row] = await outbox(to, at);
      expect(row, `attempt ${attempt}`).toMatchObject({ attempts: attempt, sent: false });
      // Each failure but the last queues a retry job for when it is due again; the last none.
      const queuedNow = (await deliveryJobs()).filter((j) => j.state === 'QUEUED').length;
      expect(queuedNow - queued, `attempt ${attempt}`).toBe(last ? 0 : 1);
      const [{ n } = { n: 0 }] = await sql<{ n: number }>(
        `select count(*)::int as n from job j, mail_outbox m
          where j.name = ? and j.state = 'QUEUED' and m."to" = ?
            and j.run_at = m.next_attempt_at + interval '5 seconds'`,
        [MAIL_DELIVERY_JOB, to],
      );
      expect(n, `attempt ${attempt}`).toBe(last ? 0 : 1);
      if (last) {
        expect(row?.next_in_minutes).toBeNull();
        break;
      }
      waits.push(row?.next_in_minutes as number);
      // A moment before the retry is due nothing is tried; at its time it is.
      const early = await t.jobs.runNow(
        MAIL_DELIVERY_JOB,
        {},
        new Date(at.getTime() + (waits.at(-1) ?? 0) * 60_000 - 1000),
      );
      expect(early, `attempt ${attempt}`).toEqual({ sent: 0, failed: 0, givenUp: 0 });
      at = new Date(at.getTime() + (waits.at(-1) ?? 0) * 60_000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(waits).toEqual(Array.from({ length: 9 }, (_, i) => mailBackoffMinutes(i + 1)));

    // Given up: even once the server accepts, a later run leaves it in the outbox with its error.
    smtp.refuse(false);
    const later = await t.jobs.runNow(MAIL_DELIVERY_JOB, {}, new Date(at.getTime() + 86_400_000));
    expect(later).toEqual({ sent: 0, failed: 0, givenUp: 0 });
    const [row] = await outbox(to);
    expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sent: false, claimed_by: null });
    expect(row?.last_error).toMatch(/Mailbox unavailable/);
    expect(smtp.mails.filter((m) => m.to.includes(to))).toEqual([]);
  });

  it('delivers what a stopped process left, from the jobs a process queues at its start', async () => {
    smtp.refuse(false);
    // A process wrote two mails and stopped: one never sent, one claimed 20 minutes ago mid-send.
    await write(['left@namjai.test', 'stale@namjai.test'], 'Left');
    await sql(
      `update mail_outbox set claimed_at = now() - interval '20 minutes', claimed_by = 'gone:1', attempts = 1
        where "to" = 'stale@namjai.test'`,
    );
    // A claim younger than 15 minutes belongs to a live process: it is left alone.
    await write(['busy@namjai.test'], 'Left');
    await sql(
      `update mail_outbox set claimed_at = now() - interval '1 minute', claimed_by = 'busy:1', attempts = 1
        where "to" = 'busy@namjai.test'`,
    );
    const restarted = new Mailer(mailConfig(), createLogger('silent'));
    const before = (await deliveryJobs()).length;
    await restarted.start(t.em(), t.jobs, { sweep: true });
    const queued = (await deliveryJobs()).slice(before);
    expect(queued.map((j) => j.state)).toEqual(['QUEUED', 'QUEUED']);
    expect(queued[0]?.run_in).toBeCloseTo(0, 0);
    expect(queued[1]?.run_in).toBeCloseTo(16, 0);

    expect(await t.jobs.tick()).toBe(1);
    await restarted.stop();
    const left = smtp.mails.filter((m) => m.subject === 'Left').map((m) => m.to);
    expect(left.sort()).toEqual(['left@namjai.test', 'stale@namjai.test']);
    expect((await outbox('stale@namjai.test'))[0]).toMatchObject({
      attempts: 2,
      sent: true,
      claimed_by: null,
    });
    expect((await outbox('busy@namjai.test'))[0]).toMatchObject({
      attempts: 1,
      sent: false,
      claimed_by: 'busy:1',
    });
  });
});
