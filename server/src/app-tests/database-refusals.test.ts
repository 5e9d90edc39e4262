import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRefusal } from '../platform/db/db-errors';
import { AppError } from '../platform/errors';
import { startTestApp, type TestApp } from '../testing/test-app';

// A deadlock is the caller's 409 "try again", not a 500: two commands that take the same rows in
// opposite order (two new lots of one goods, say) make PostgreSQL roll one back whole.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('database refusals', () => {
  it('answers a real deadlock with 409 in Thai and English; the loser wrote nothing', async () => {
    const sql = (tx: EntityManager, query: string, params: unknown[]) =>
      tx.getConnection().execute(query, params, 'all', tx.getTransactionContext());
    const [a, b] = await t
      .em()
      .getConnection()
      .execute<{ id: number }[]>('select id from organisation_unit order by id limit 2');
    const step = (id: number, mark: string) => (tx: EntityManager) =>
      sql(tx, 'update organisation_unit set name_en = name_en || ? where id = ?', [mark, id]);
    const deferred = () => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      return { promise, resolve };
    };
    const [holdsA, holdsB] = [deferred(), deferred()];
    // Each takes its first row, waits until the other holds its own, then asks for the other's.
    const run = (
      first: number,
      then: number,
      mark: string,
      mine: ReturnType<typeof deferred>,
      theirs: ReturnType<typeof deferred>,
    ) =>
      t
        .em()
        .fork()
        .transactional(async (tx) => {
          await step(first, mark)(tx as EntityManager);
          mine.resolve();
          await theirs.promise;
          await step(then, mark)(tx as EntityManager);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
    const outcomes = await Promise.all([
      run(a.id, b.id, ' #1', holdsA, holdsB),
      run(b.id, a.id, ' #2', holdsB, holdsA),
    ]);
    const failures = outcomes.filter((o) => o !== null);
    expect(failures).toHaveLength(1);
    const refusal = databaseRefusal(failures[0]);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 409 });
    expect(refusal?.messageTh).toMatch(/ลองใหม่/);
    expect(refusal?.messageEn).toMatch(/try again/);
    const marks = await t
      .em()
      .getConnection()
      .execute<{ name_en: string }[]>('select name_en from organisation_unit where id in (?, ?)', [
        a.id,
        b.id,
      ]);
    const winner = outcomes[0] === null ? ' #1' : ' #2';
    const loser = winner === ' #1' ? ' #2' : ' #1';
    expect(marks.every((m) => m.name_en.endsWith(winner))).toBe(true);
    expect(marks.some((m) => m.name_en.includes(loser))).toBe(false);
  });
});
