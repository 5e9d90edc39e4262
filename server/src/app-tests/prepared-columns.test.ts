import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { entityColumns, prepared } from '../platform/db/prepared';
import { startTestApp, type TestApp } from '../testing/test-app';

// A prepared statement keeps its result type on each connection that prepared it. A newer server's
// migration that adds a column while this server runs (every start may run beside another) would
// make a prepared `select *` fail with "cached plan must not change result type", so the posting
// path's statements name their columns (`entityColumns`, platform/db/prepared.ts).

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('prepared statements and a column added meanwhile', () => {
  it('a statement naming its columns keeps working after ALTER TABLE ADD COLUMN; `select *` does not', async () => {
    const owner = await t.ownerEm();
    const meta = owner.getMetadata(OrganisationUnit);
    const named = prepared(
      'test_unit_named',
      `select ${entityColumns(meta, 'o')} from organisation_unit o where o.id = ?`,
    );
    const star = prepared('test_unit_star', 'select * from organisation_unit where id = ?');
    const rolledBack = new Error('rolled back');
    await expect(
      owner.transactional(async (tx) => {
        const em = tx as EntityManager;
        const [unit] = await em
          .getConnection()
          .execute<{ id: number }[]>('select id from organisation_unit limit 1');
        const id = unit?.id;
        expect(id).toBeGreaterThan(0);
        const [before] = await named.rows<Record<string, unknown>>(em, [id]);
        await star.rows(em, [id]);
        // The same connection (one transaction): the column a newer migration would add.
        await em.execute('alter table organisation_unit add column prepared_test_added int');
        const [after] = await named.rows<Record<string, unknown>>(em, [id]);
        expect(after).toEqual(before);
        expect(Object.keys(after ?? {})).not.toContain('prepared_test_added');
        await expect(star.rows(em, [id])).rejects.toThrow(/cached plan must not change result type/);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
