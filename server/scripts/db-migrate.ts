// Applies pending migrations, as the owner role (DATABASE_OWNER_URL, else DATABASE_URL), to
// DATABASE_URL's database, or to the embedded database under DATA_DIR (as namjai_owner).

import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/database';
import { migrateAsOwner } from '../src/platform/db/orm';
import { createLogger } from '../src/platform/logger';
import { entities } from '../src/registry';

const config = loadConfig();
const log = createLogger(config.logLevel);
const db = await openDatabase(config, log);
try {
  const applied = await migrateAsOwner(db.ownerUrl, entities, log);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
} finally {
  await db.stop();
}
