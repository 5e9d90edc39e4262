import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandTransaction } from '../platform/db/command-transaction';
import { createOrm, type Orm } from '../platform/db/orm';
import { createLogger } from '../platform/logger';
import { entities } from '../registry';

// A transaction's BEGIN goes out with its first statement (platform/db/pipelined-begin.ts): the
// connection is in node-postgres's pipeline mode, and the first statement is written before BEGIN's
// answer has come. BEGIN's answer is still read, before the COMMIT.

let orm: Orm;
const query = pg.Client.prototype.query;
/** Per statement of a transaction: its text and whether BEGIN had been answered when it was made. */
let seen: { text: string; begunAnswered: boolean; pipeline: boolean }[] = [];
/** A text to send in BEGIN's place (a BEGIN that fails), or null. */
let beginAs: string | null = null;

beforeAll(async () => {
  orm = await createOrm(process.env.DATABASE_URL as string, entities, createLogger('silent'));
  const answered = new WeakMap<pg.Client, boolean>();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
    if (text === 'begin') {
      answered.set(this, false);
      const sent = (query as (...a: unknown[]) => Promise<unknown>).apply(
        this,
        beginAs === null ? args : [beginAs],
      );
      const mark = () => answered.set(this, true);
      sent.then(mark, mark);
      return sent;
    }
    if (answered.has(this)) {
      seen.push({
        text,
        begunAnswered: answered.get(this) as boolean,
        pipeline: (this as unknown as { pipeline: boolean }).pipeline,
      });
      if (/^(commit|rollback)$/.test(text)) answered.delete(this);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
afterEach(() => {
  seen = [];
  beginAs = null;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await orm.close();
});

/** An organisation unit named `code` (a row the server's role may write) under the root, its id returned. */
const insertUnit = (code: string) =>
  `insert into organisation_unit (code, name_th, name_en, office_type, path, accepts_donations, active, created_at, updated_at, parent_id)
   select '${code}', 'ทดสอบ', 'Test', 1, '/', false, true, now(), now(), (select min(id) from organisation_unit where parent_id is null)
   returning id`;
const notes = async () =>
  (
    await (orm.em.fork() as EntityManager).execute<{ code: string }[]>(
      "select code from organisation_unit where code like 'PIPE-BEGIN-%' order by id",
    )
  ).map((r) => r.code);

describe('the pipelined BEGIN', () => {
  it('writes a transaction’s first statement before BEGIN is answered, and commits both', async () => {
    const em = orm.em.fork() as EntityManager;
    const id = await commandTransaction(em, async (tx) => {
      const [row] = await tx.execute<{ id: number }[]>(insertUnit('PIPE-BEGIN-FIRST'));
      return row.id;
    });
    expect(id).toBeGreaterThan(0);
    expect(seen.map((s) => s.text.slice(0, 30))).toEqual([insertUnit('X').slice(0, 30), 'commit']);
    // Made (and, in pipeline mode, written) while BEGIN was still unanswered; BEGIN's answer was
    // read before the COMMIT.
    expect(seen[0]).toMatchObject({ begunAnswered: false, pipeline: true });
    expect(seen[1]).toMatchObject({ begunAnswered: true });
    expect(await notes()).toContain('PIPE-BEGIN-FIRST');
  });

  it('rolls back when BEGIN failed, even a transaction that sent nothing else', async () => {
    // A BEGIN that fails (the transaction opened, then refused): the COMMIT must not report success.
    beginAs = 'begin; select 1/0';
    const em = orm.em.fork() as EntityManager;
    await expect(em.transactional(async () => 'nothing written')).rejects.toThrow(/division by zero/);
    beginAs = 'begin; select 1/0';
    await expect(
      commandTransaction(em, async (tx) => {
        await tx.execute(insertUnit('PIPE-BEGIN-NEVER'));
      }),
    ).rejects.toThrow();
    expect(seen.at(-1)?.text).toBe('rollback');
    expect(await notes()).not.toContain('PIPE-BEGIN-NEVER');
    // The connections went back to the pool in order: the next transaction runs and commits.
    beginAs = null;
    await commandTransaction(em, (tx) => tx.execute(insertUnit('PIPE-BEGIN-AFTER')));
    expect(await notes()).toContain('PIPE-BEGIN-AFTER');
  });
});
