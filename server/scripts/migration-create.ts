// Creates a migration from the difference between the entities and a migrated database, then
// regenerates migrations/index.ts. Usage: npm run db:migration:create -- name_in_snake_case
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/database';
import { createOrm, migrate } from '../src/platform/db/orm';
import { createLogger } from '../src/platform/logger';
import { entities } from '../src/registry';
import { migrationsDir, renderMigrationsIndex } from './migrations-index';

const name = process.argv[2];
const config = loadConfig();
const log = createLogger(config.logLevel);
const db = await openDatabase(config, log);
try {
  // As the owner: the migrations run as it, and the diff reads what it owns.
  const orm = await createOrm(db.ownerUrl, entities, log);
  await migrate(orm);
  const result = await orm.migrator.create(migrationsDir(config.repoRoot), !!process.env.BLANK, false, name);
  console.log(
    result.fileName
      ? `created migrations/${result.fileName}`
      : 'entities match the database: nothing to create',
  );
  writeFileSync(
    join(migrationsDir(config.repoRoot), 'index.ts'),
    renderMigrationsIndex(migrationsDir(config.repoRoot)),
  );
  await orm.close();
} finally {
  await db.stop();
}
