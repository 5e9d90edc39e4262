import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError, appErrorBody, notFound } from '../errors';
import { databaseRefusal, isDatabaseUnavailable } from './db-errors';

// The driver's own errors for a database out of reach, made for real (a port nobody listens on, a
// session PostgreSQL ends), are all DATABASE_UNAVAILABLE, and the answer tells nothing of them. The
// whole server during a stop of PostgreSQL: app-tests/drain-and-outage.test.ts.

/** What the driver throws for `run` on a client of this file's database. */
async function errorOf(run: (client: pg.Client) => Promise<unknown>): Promise<unknown> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  client.on('error', () => {});
  try {
    await run(client);
  } catch (err) {
    return err;
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error('no error');
}

describe('a database out of reach', () => {
  it('is DATABASE_UNAVAILABLE (503) for a refused connection and a session the server ended, naming nothing', async () => {
    // A port that was free a moment ago: nobody listens on it.
    const port = await new Promise<number>((done) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number };
        srv.close(() => done(port));
      });
    });
    const refused = await errorOf(async () => {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
      await client.connect();
    });
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');

    // pg_terminate_backend (by a session of the same role) ends a session as a stop of the server
    // does: the client is told 57P01 admin_shutdown, and a query on it fails after.
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    // The first error it is told; a later one (the connection then ends) is heard and dropped.
    const told = new Promise<unknown>((done) => client.on('error', done));
    await client.connect();
    const ended = await errorOf(async (admin) => {
      await admin.connect();
      const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const shutdown = await told;
      expect((shutdown as { code?: string }).code).toBe('57P01');
      await client.query('select 1');
    });
    const shutdown = await told;
    await client.end().catch(() => {});

    for (const [name, err] of [
      ['refused', refused],
      ['admin shutdown', shutdown],
      ['ended', ended],
      ['wrapped', new Error('query failed', { cause: refused })],
      [
        'cannot connect now',
        Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      ],
      ['lost', new Error('Connection terminated unexpectedly')],
    ] as const) {
      const refusal = databaseRefusal(err);
      expect(refusal?.code, name).toBe('DATABASE_UNAVAILABLE');
      expect(refusal?.status, name).toBe(503);
      const body = JSON.stringify(appErrorBody(refusal as AppError));
      expect(body, name).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${port}|ECONN|terminat|57P0`));
    }
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(notFound())).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
    expect(databaseRefusal(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBeNull();
  });
});

describe('a statement past the statement timeout', () => {
  it('is STATEMENT_TIMEOUT (503) in Thai and English, naming nothing of the statement', async () => {
    const err = await errorOf(async (client) => {
      await client.connect();
      await client.query(`set statement_timeout = '50ms'`);
      await client.query('select pg_sleep(2)');
    });
    expect((err as { code?: string }).code).toBe('57014');
    const refusal = databaseRefusal(err);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal?.status).toBe(503);
    const body = appErrorBody(refusal as AppError, 'req-1');
    expect(body.code).toBe('STATEMENT_TIMEOUT');
    expect(body.messageTh).toMatch(/นานเกินกำหนด/);
    expect(JSON.stringify(body)).not.toMatch(/pg_sleep|canceling statement/);
  });
});
