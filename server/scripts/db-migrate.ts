// Applies pending migrations, as the owner role (DATABASE_OWNER_URL, else DATABASE_URL), to
// DATABASE_URL's database, or to the embedded database under DATA_DIR (as namjai_owner). Under the
// migration lock the servers take at start (platform/db/migration-lock.ts): safe while servers run or
// start. The configuration is checked as the server checks it (a problem stops it before the database).

import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/database';
import { withMigrationLock } from '../src/platform/db/migration-lock';
import { migrateAsOwner } from '../src/platform/db/orm';
import { createLogger } from '../src/platform/logger';
import { entities } from '../src/registry';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(`db:migrate: ${(err as Error).message}`);
  process.exit(1);
}
const log = createLogger(config.logLevel);
try {
  const db = await openDatabase(config, log);
  try {
    const applied = await withMigrationLock(db.ownerUrl, log, () =>
      migrateAsOwner(db.ownerUrl, entities, log),
    );
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
  } finally {
    await db.stop();
  }
} catch (err) {
  console.error(`db:migrate: ${(err as Error).message}`);
  process.exit(1);
}
