import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { commandTransaction } from '../platform/db/command-transaction';
import { createOrm, type Orm } from '../platform/db/orm';
import { prepared } from '../platform/db/prepared';
import { createLogger } from '../platform/logger';
import { entities } from '../registry';

// The document kit's command transaction (platform/db/command-transaction.ts) on this file's
// database: what the command writes commits or rolls back as one, its entities stay in its own
// fork, and outside production a change it left unflushed is refused, not lost in silence.

let orm: Orm;
let unitId: number;
beforeAll(async () => {
  orm = await createOrm(process.env.DATABASE_URL as string, entities, createLogger('silent'));
  const [row] = await (orm.em.fork() as EntityManager).execute<{ id: number }[]>(
    `insert into organisation_unit (code, name_th, name_en, office_type, path, accepts_donations, active, created_at, updated_at)
     values ('CMD-TX-TEST', 'ทดสอบ', 'Test', 1, '/', false, true, now(), now()) returning id`,
  );
  unitId = row.id;
});
afterAll(() => orm.close());

const nameOf = async () =>
  (
    await (orm.em.fork() as EntityManager).execute<{ name_en: string }[]>(
      'select name_en from organisation_unit where id = ?',
      [unitId],
    )
  )[0].name_en;

describe('commandTransaction', () => {
  it('commits what the command wrote in SQL and flushed, and leaves the caller’s EntityManager empty', async () => {
    const em = orm.em.fork() as EntityManager;
    const answer = await commandTransaction(em, async (tx) => {
      expect(tx).not.toBe(em);
      expect(tx.isInTransaction()).toBe(true);
      await tx.execute("update organisation_unit set name_en = 'In SQL' where id = ?", [unitId]);
      const unit = await tx.findOneOrFail(OrganisationUnit, { id: unitId });
      unit.phone = '02-000-0000';
      await tx.flush();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await nameOf()).toBe('In SQL');
    expect(em.getUnitOfWork().getIdentityMap().keys()).toEqual([]);
  });

  it('refuses a change left unflushed and rolls the whole command back', async () => {
    const em = orm.em.fork() as EntityManager;
    await expect(
      commandTransaction(em, async (tx) => {
        await tx.execute("update organisation_unit set name_en = 'Lost' where id = ?", [unitId]);
        const unit = await tx.findOneOrFail(OrganisationUnit, { id: unitId });
        unit.phone = '02-111-1111';
      }),
    ).rejects.toThrow(/1 change\(s\) left unflushed \(update OrganisationUnit\)/);
    expect(await nameOf()).toBe('In SQL');
  });

  it('in production flushes a change left unflushed in the same transaction instead of losing it', async () => {
    const em = orm.em.fork() as EntityManager;
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await commandTransaction(em, async (tx) => {
        const unit = await tx.findOneOrFail(OrganisationUnit, { id: unitId });
        unit.phone = '02-222-2222';
      });
    } finally {
      process.env.NODE_ENV = before;
    }
    const [row] = await orm.em
      .fork()
      .execute<{ phone: string }[]>('select phone from organisation_unit where id = ?', [unitId]);
    expect(row?.phone).toBe('02-222-2222');
  });

  it('rolls back on a failure', async () => {
    const em = orm.em.fork() as EntityManager;
    await expect(
      commandTransaction(em, async (tx) => {
        await tx.execute("update organisation_unit set name_en = 'Refused' where id = ?", [unitId]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await nameOf()).toBe('In SQL');
  });

  // A closing statement's lead (closeWith): sent just before it in the same round trip, for the row
  // locks it needs (the ledger's balances: stock-batch.ts).
  const closing = prepared('cmd_tx_close', 'update organisation_unit set name_en = ? where id = ?');
  it('sends a closing statement’s lead before it, and commits both', async () => {
    const lock = prepared('cmd_tx_lead', 'select id from organisation_unit where id = ? for update');
    await commandTransaction(orm.em.fork() as EntityManager, async (tx) => {
      expect(closing.close(tx, ['Led', unitId], { statement: lock, values: [unitId] })).toBe(true);
    });
    expect(await nameOf()).toBe('Led');
  });

  it('answers a failed lead with its own error, not the aborted closing statement’s, and keeps nothing', async () => {
    const failing = prepared('cmd_tx_lead_fails', 'select 1 / (?::int - ?::int) as x');
    const refused = commandTransaction(orm.em.fork() as EntityManager, async (tx) => {
      expect(closing.close(tx, ['Not kept', unitId], { statement: failing, values: [1, 1] })).toBe(true);
    });
    await expect(refused).rejects.toMatchObject({ code: '22012' });
    expect(await nameOf()).toBe('Led');
  });
});
