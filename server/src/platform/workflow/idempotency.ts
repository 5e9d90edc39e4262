import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict } from '../errors';

const keyPattern = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Runs a command once per (user, client key). The key is claimed in the command's own transaction:
 * a concurrent retry with the same key waits on it, and then reads the first answer; a command that
 * failed rolls its claim back, so a retry runs it again. The answer stored is what `run` returns
 * (JSON). A key reused for another operation is refused. An answer known before the command runs
 * (an action's is the document it acts on) is written with the claim, saving a statement.
 */
export async function once<T extends Record<string, unknown>>(
  tx: EntityManager,
  userId: number,
  key: string | null | undefined,
  operation: string,
  run: () => Promise<T>,
  known?: T,
): Promise<T> {
  if (key === null || key === undefined) return run();
  if (!keyPattern.test(key)) {
    throw badInput(
      'รหัสป้องกันการส่งซ้ำต้องยาว 8–100 ตัวอักษร (A-Z a-z 0-9 . _ : -)',
      'The idempotency key must be 8–100 characters of A-Z a-z 0-9 . _ : -',
    );
  }
  if (!tx.isInTransaction()) throw new Error('once() must run inside the command transaction');
  const ctx = tx.getTransactionContext();
  const claimed = await tx.getConnection().execute<{ key: string }[]>(
    `insert into idempotency_key (user_id, key, operation, result, created_at) values (?, ?, ?, ?, now())
       on conflict (user_id, key) do nothing returning key`,
    [userId, key, operation, known === undefined ? null : JSON.stringify(known)],
    'all',
    ctx,
  );
  if (claimed.length === 0) {
    const [first] = await tx
      .getConnection()
      .execute<{ operation: string; result: T | null }[]>(
        'select operation, result from idempotency_key where user_id = ? and key = ?',
        [userId, key],
        'all',
        ctx,
      );
    if (first.operation !== operation || first.result === null) {
      throw conflict(
        'รหัสป้องกันการส่งซ้ำนี้ถูกใช้กับคำสั่งอื่นแล้ว',
        'This idempotency key was already used for another command',
      );
    }
    return first.result;
  }
  const result = await run();
  if (known !== undefined) {
    if (JSON.stringify(result) !== JSON.stringify(known))
      throw new Error(`once(${operation}): the command answered otherwise than it said it would`);
    return result;
  }
  await tx
    .getConnection()
    .execute(
      'update idempotency_key set result = ? where user_id = ? and key = ?',
      [JSON.stringify(result), userId, key],
      'run',
      ctx,
    );
  return result;
}
