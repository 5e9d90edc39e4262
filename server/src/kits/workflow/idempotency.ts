import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { prepared } from '../../platform/db/prepared';
import { AppError, badInput, conflict } from '../../platform/errors';

const keyPattern = /^[A-Za-z0-9._:-]{8,100}$/;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * JSON of a command's input that does not depend on how it was written: object keys sorted, members
 * that are null or undefined left out (an absent field and a null one ask for the same), bytes (a
 * file) as `"sha256:<hex>"`, values with `toJSON` (dates) as what it gives.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Uint8Array) return JSON.stringify(`sha256:${sha256(value)}`);
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return canonicalJson(withJson.toJSON());
  const members = Object.entries(value)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'function' && typeof v !== 'symbol')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
  return `{${members.join(',')}}`;
}

/**
 * The hash kept with a key: sha256 of the canonical JSON of the command's input, the key itself
 * (a top-level `idempotencyKey`, as public forms carry it) left out.
 */
export function requestHash(input: unknown): string {
  if (input !== null && typeof input === 'object' && !Array.isArray(input) && 'idempotencyKey' in input) {
    const { idempotencyKey: _key, ...rest } = input as Record<string, unknown>;
    return sha256(canonicalJson(rest));
  }
  return sha256(canonicalJson(input));
}

/** 422: the key came back with another request (other input, or another command), as Stripe answers. */
export const idempotencyKeyReused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    422,
    'รหัสป้องกันการส่งซ้ำ (idempotency key) นี้ถูกใช้กับคำขออื่นแล้ว กรุณาใช้รหัสใหม่',
    'This idempotency key was already used with a different request; use a new key',
  );

/**
 * A key as the client sent it, checked: null when the command runs without one. A command checks it
 * before its transaction too, so that a malformed key costs no BEGIN and ROLLBACK.
 */
export function checkedKey(key: string | null | undefined): string | null {
  if (key === null || key === undefined) return null;
  if (!keyPattern.test(key)) {
    throw badInput(
      'รหัสป้องกันการส่งซ้ำต้องยาว 8–100 ตัวอักษร (A-Z a-z 0-9 . _ : -)',
      'The idempotency key must be 8–100 characters of A-Z a-z 0-9 . _ : -',
    );
  }
  return key;
}

/** The first run's claim of a key, as the claiming statement read it. */
export interface FirstClaim<T> {
  operation: string;
  request_hash: string | null;
  result: T | null;
}

/** The first run's answer to a key sent again, or the refusal when it came with another request. */
function firstAnswer<T>(first: FirstClaim<T>, operation: string, hash: string): T {
  if (first.operation !== operation || (first.request_hash !== null && first.request_hash !== hash))
    throw idempotencyKeyReused();
  if (first.result === null) {
    throw conflict(
      'รหัสป้องกันการส่งซ้ำนี้ถูกใช้กับคำสั่งอื่นแล้ว',
      'This idempotency key was already used for another command',
    );
  }
  return first.result;
}

/** The first claim of a key, read in a statement of its own (it sees what committed meanwhile). */
async function readFirst<T>(tx: EntityManager, userId: number, key: string): Promise<FirstClaim<T>> {
  const [first] = await tx
    .getConnection()
    .execute<FirstClaim<T>[]>(
      'select operation, request_hash, result from idempotency_key where user_id = ? and key = ?',
      [userId, key],
      'all',
      tx.getTransactionContext(),
    );
  return first;
}

/**
 * A claim of a key folded into another statement of the command (a document's create claims its key
 * in the statement that takes its id and reads its references): `cte` names `claim` and may use the
 * caller's CTE `answerFrom` (one row) for the answer, `columns` read whether it was claimed and the
 * first run's claim. Null without a key. `settle` then says what to do: undefined, run the command;
 * otherwise the first run's answer (or the refusal of a reused key).
 */
export interface FoldedClaim {
  cte: string;
  cteParams: unknown[];
  columns: string;
  columnParams: unknown[];
  settle<T>(tx: EntityManager, claimed: number, first: FirstClaim<T> | null): Promise<T | undefined>;
}

export function foldedClaim(
  userId: number,
  key: string | null | undefined,
  operation: string,
  request: unknown,
  answer: { from: string; json: string },
): FoldedClaim | null {
  const checked = checkedKey(key);
  if (checked === null) return null;
  const hash = requestHash(request);
  return {
    cte: `claim as (insert into idempotency_key (user_id, key, operation, request_hash, result, created_at)
      select ?::int, ?::text, ?::text, ?::text, (${answer.json})::jsonb, now() from ${answer.from}
      on conflict (user_id, key) do nothing returning key)`,
    cteParams: [userId, checked, operation, hash],
    columns: `(select count(*) from claim)::int as claimed,
      (select json_build_object('operation', k.operation, 'request_hash', k.request_hash, 'result', k.result)
         from idempotency_key k where k.user_id = ? and k.key = ?) as first`,
    columnParams: [userId, checked],
    async settle<T>(tx: EntityManager, claimed: number, first: FirstClaim<T> | null) {
      if (claimed > 0) return undefined;
      // Claimed meanwhile by a run that committed after this statement's snapshot: read it now.
      return firstAnswer(first ?? (await readFirst<T>(tx, userId, checked)), operation, hash);
    },
  };
}

/** An action's claim, sent prepared (platform/db/prepared.ts). */
const claimStatement = prepared(
  'idempotency_claim',
  `insert into idempotency_key (user_id, key, operation, request_hash, result, created_at) values (?, ?, ?, ?, ?, now())
     on conflict (user_id, key) do nothing returning key`,
);

/**
 * Runs a command once per (user, client key). The key is claimed in the command's own transaction:
 * a concurrent retry with the same key waits on it, and then reads the first answer; a command that
 * failed rolls its claim back, so a retry runs it again. The answer stored is what `run` returns
 * (JSON). A key means one request: the claim keeps the hash of `request` (the command's input,
 * `requestHash`), and the key sent again for another operation or with another input is refused
 * (422 IDEMPOTENCY_KEY_REUSED) instead of answering the first request's result. A row claimed before
 * the hash was kept (request_hash null) is trusted as before. An answer known before the command
 * runs (an action's is the document it acts on) is written with the claim, saving a statement.
 */
export async function once<T extends Record<string, unknown>>(
  tx: EntityManager,
  userId: number,
  key: string | null | undefined,
  operation: string,
  request: unknown,
  run: () => Promise<T>,
  known?: T,
): Promise<T> {
  const checked = checkedKey(key);
  if (checked === null) return run();
  if (!tx.isInTransaction()) throw new Error('once() must run inside the command transaction');
  const ctx = tx.getTransactionContext();
  const hash = requestHash(request);
  const claimed = await claimStatement.rows<{ key: string }>(tx, [
    userId,
    checked,
    operation,
    hash,
    known === undefined ? null : JSON.stringify(known),
  ]);
  if (claimed.length === 0) return firstAnswer(await readFirst<T>(tx, userId, checked), operation, hash);
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
      [JSON.stringify(result), userId, checked],
      'run',
      ctx,
    );
  return result;
}
