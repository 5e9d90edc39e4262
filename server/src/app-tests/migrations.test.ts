import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsList } from '../../../migrations/index';
import { migrationsDir, renderMigrationsIndex } from '../../scripts/migrations-index';
import { idSequence } from '../kits/documents/document-write';
import { NUMBER_TRIGGER } from '../kits/workflow/numbering';
import { findRepoRoot } from '../platform/config';
import { createOrm, type Orm, pendingMigrations, unappliedMigrations } from '../platform/db/orm';
import { createLogger } from '../platform/logger';
import { entities, modules } from '../registry';

let orm: Orm;
// As the owner, who runs the migrations: information_schema shows another role only part of the
// schema (check constraints, for one), so the diff would not be the migrations'.
beforeAll(async () => {
  orm = await createOrm(process.env.DATABASE_OWNER_URL as string, entities, createLogger('silent'));
});
afterAll(() => orm.close());

describe('migrations', () => {
  it('lists every migration file in migrations/index.ts', () => {
    const dir = migrationsDir(findRepoRoot());
    expect(readFileSync(join(dir, 'index.ts'), 'utf8')).toBe(renderMigrationsIndex(dir));
  });

  it('leave nothing pending on the test database', async () => {
    expect(await pendingMigrations(orm)).toEqual([]);
  });

  it("a warm start's check over one connection agrees: nothing unapplied, then the one removed", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_OWNER_URL });
    await client.connect();
    try {
      expect(await unappliedMigrations(client)).toEqual([]);
      const last = migrationsList[migrationsList.length - 1].name;
      await client.query('begin');
      await client.query('delete from mikro_orm_migrations where name = $1', [last]);
      expect(await unappliedMigrations(client)).toEqual([last]);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it("name every table's serial id sequence as the document kit's statements write it (idSequence)", async () => {
    const tables = [...orm.getMetadata().getAll().values()]
      .filter(
        (m) =>
          !m.embeddable &&
          !m.virtual &&
          m.primaryKeys.length === 1 &&
          m.properties[m.primaryKeys[0]]?.autoincrement,
      )
      .map((m) => m.tableName);
    expect(tables).toContain('doc_stock_adjustment_line');
    const connection = orm.em.fork().getConnection();
    const differing: string[] = [];
    for (const t of tables) {
      const [r] = await connection.execute<{ same: boolean }[]>(
        `select pg_get_serial_sequence(?, 'id')::regclass = ${idSequence(t)} as same`,
        [t],
      );
      if (!r.same) differing.push(t);
    }
    expect(differing).toEqual([]);
  });

  it('produce exactly the schema the entities describe (no drift)', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: false });
    expect(diff.trim()).toBe('');
  });

  it("number every document type's rows at COMMIT: a deferred numbering trigger on each table, with the type's prefix", async () => {
    const types = modules.flatMap((m) => m.documentTypes ?? []);
    expect(types.length).toBeGreaterThanOrEqual(12);
    const rows = await orm.em.getConnection().execute<{ table: string; deferred: boolean; source: string }[]>(
      `select c.relname as table, t.tgdeferrable and t.tginitdeferred as deferred, p.prosrc as source
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where t.tgname = ? and t.tgconstraint <> 0`,
      [NUMBER_TRIGGER],
    );
    const byTable = new Map(rows.map((r) => [r.table, r]));
    for (const type of types) {
      const found = byTable.get(type.table);
      expect(found, `${type.type}: no ${NUMBER_TRIGGER} trigger on ${type.table}`).toBeDefined();
      expect(found?.deferred, type.type).toBe(true);
      expect(found?.source, type.type).toContain(`'${type.prefix}-'`);
      expect(found?.source, type.type).toContain(`select '${type.prefix}', new.fiscal_year`);
    }
  });
});
