import pg from 'pg';
import type { Logger } from '../logger';

/**
 * The advisory lock key every Namjai process takes before it migrates (a session lock on the
 * database being migrated: advisory locks are per database).
 */
export const migrationLockSql = `hashtext('namjai migrations')`;

/**
 * Runs `work` (migrations, the server role's privileges, the seeds) while holding the migration lock
 * of the database of `url`, on a connection of its own kept open for that time. Servers started
 * together on a new version take turns: the first migrates, the others wait, then find nothing
 * pending. `npm run db:migrate` takes the same lock. If the process dies, PostgreSQL ends its session
 * and the lock with it.
 */
export async function withMigrationLock<T>(url: string, log: Logger, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'namjai migration lock' });
  // A connection lost while waiting or working: the lock is gone with it; `work` fails on its own.
  client.on('error', (err) => log.warn({ err }, 'migration lock connection lost'));
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_lock(${migrationLockSql}) as locked`,
    );
    if (!rows[0]?.locked) {
      const started = performance.now();
      log.info('another server is migrating this database: waiting for it');
      await client.query(`select pg_advisory_lock(${migrationLockSql})`);
      log.info({ ms: Math.round(performance.now() - started) }, 'migration lock taken');
    }
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${migrationLockSql})`).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
