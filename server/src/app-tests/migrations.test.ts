import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir, renderMigrationsIndex } from '../../scripts/migrations-index';
import { findRepoRoot } from '../platform/config';
import { createOrm, type Orm, pendingMigrations } from '../platform/db/orm';
import { createLogger } from '../platform/logger';
import { entities } from '../registry';

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

  it('produce exactly the schema the entities describe (no drift)', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: false });
    expect(diff.trim()).toBe('');
  });
});
