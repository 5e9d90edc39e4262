// Applies pending migrations to DATABASE_URL, or to the embedded database under DATA_DIR.

import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/database';
import { createOrm, migrate } from '../src/platform/db/orm';
import { createLogger } from '../src/platform/logger';
import { entities } from '../src/registry';

const config = loadConfig();
const log = createLogger(config.logLevel);
const db = await openDatabase(config, log);
try {
  const orm = await createOrm(db.url, entities, log);
  const applied = await migrate(orm);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
  await orm.close();
} finally {
  await db.stop();
}
