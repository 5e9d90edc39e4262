import { TransactionContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompiledQuery, DatabaseConnection, Kysely } from 'kysely';

/** SQLSTATE of a closing statement's refusal (closing_refused(), migration 20261129150000). */
export const CLOSING_REFUSED_SQLSTATE = 'NJ002';

/** A command failed because its closing statement refused (then nothing of it was kept). */
export function isClosingRefusal(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === CLOSING_REFUSED_SQLSTATE;
}

/** A command transaction's connection (Kysely's), for its closing statement (`closeWith`). */
const connections = new WeakMap<EntityManager, DatabaseConnection>();
/** The closing statement's answer, per command transaction, read after its COMMIT. */
const closings = new WeakMap<EntityManager, Promise<unknown>>();

/**
 * A write held back to lead the command's closing statement (holdWrite): its statement's parts as
 * CTEs (`?` placeholders) with their values, and how to send it alone.
 */
export interface HeldWrite {
  /** The statement's name (prepared.ts), joined to the closing statement's in the composed one's. */
  name: string;
  /** Its parts as the CTEs of a `with` (`w0 as (insert …)`), placeholders `?`. */
  ctes: string[];
  params: unknown[];
  /** Sends it as a statement of its own (when no closing statement took it). */
  send(): Promise<unknown>;
}
const held = new WeakMap<EntityManager, HeldWrite>();

/**
 * Holds a write back so that it goes out as the first CTEs of the command's closing statement
 * (docs/architecture.md, "A command's transaction"): a create's document, history and lines with the
 * ledger's posting, one statement and one round trip with the COMMIT. Only for a write nothing reads
 * before the command closes, with its ids taken before (the lines' from their sequence). A held write
 * that no closing statement took is sent before the COMMIT (commandTransaction), so none is lost.
 * False when `tx` is not a command's own transaction or its closing statement went already: then
 * the caller sends the write itself.
 */
export function holdWrite(tx: EntityManager, write: HeldWrite): boolean {
  if (!closable(tx) || held.has(tx)) return false;
  held.set(tx, write);
  return true;
}

/** The write held for the closing statement (holdWrite), taken: the caller now sends it. */
export function takeHeldWrite(tx: EntityManager): HeldWrite | undefined {
  const write = held.get(tx);
  held.delete(tx);
  return write;
}

/** Whether `tx` is a command's own transaction whose closing statement has not gone yet. */
function closable(tx: EntityManager): boolean {
  return connections.has(tx) && !closings.has(tx);
}

/**
 * Sends `query` as the command's closing statement (docs/architecture.md, "A command's
 * transaction"): its last, written to the connection now (past Kysely's one-at-a-time queue;
 * node-postgres keeps the order in which statements are made) and not waited for, so that the
 * COMMIT goes out right behind it and both are answered in one round trip. Only for a statement
 * whose failure is the only thing that could stop the commit: it must raise (not return a refusal)
 * when it refuses, so that PostgreSQL answers the COMMIT with a rollback. Its error is then the
 * command's. Null when `tx` is not a command's own transaction (a savepoint in a caller's
 * transaction, or em.transactional) or its closing statement went already: the caller sends the
 * statement as any other then.
 *
 * `lead`, when given, goes out just before it in the same round trip: a small statement that takes
 * the row locks the closing one needs (the ledger's balances: stock-batch.ts). A lock waited for
 * there is waited for before the closing statement takes its snapshot, so that statement reads the
 * newest rows and PostgreSQL never re-checks them in it (EvalPlanQual, which sets up again every part
 * of a large statement). Its failure is the command's error, before the closing statement's.
 */
export function closeWith(
  tx: EntityManager,
  query: CompiledQuery,
  lead?: CompiledQuery,
): Promise<{ rows: unknown[] }> | null {
  const connection = connections.get(tx);
  if (!connection || !closable(tx)) return null;
  const led = lead && connection.executeQuery(lead);
  const answer = connection.executeQuery(query);
  // The lead's failure first: the closing statement behind it then failed as "transaction aborted".
  const closing = led ? led.then(() => answer) : answer;
  // Read after the COMMIT (commandTransaction); not unhandled meanwhile.
  for (const p of [led, answer, closing]) p?.catch(() => {});
  closings.set(tx, closing);
  return answer;
}

/**
 * A command's one transaction for a command that writes in plain SQL and flushes what it changed
 * itself (the document kit's create and actions: docs/architecture.md, "A command's transaction").
 * `run` gets a fork of `em` bound to a transaction on the write connection, as with
 * `em.transactional` (but empty: not carrying `em`'s loaded entities), without what that adds for code that leaves its writes to the unit of work:
 * no flush after `run` (a second, empty one after the command's own), no merge of the fork's
 * entities back into `em` (nothing reads them there: the command answers from the rows it
 * returns), no copy of the event manager (the server registers no subscribers). A failure rolls
 * back and the fork is dropped, as before. Called inside a transaction (`em` is a transaction's
 * fork), it runs in a savepoint of that transaction, as `em.transactional` does. A change left
 * unflushed is looked for after every command (comparing the fork's few entities, no statement):
 * outside production it is refused, so the tests catch a command that forgets its flush; in
 * production it is flushed in the same transaction, so nothing is lost.
 */
export async function commandTransaction<T>(
  em: EntityManager,
  run: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  const tx = em.fork({ clear: true }) as EntityManager;
  const nested = em.isInTransaction();
  try {
    const result = await TransactionContext.create(tx, () =>
      tx.getConnection('write').transactional(
        async (trx) => {
          tx.setTransactionContext(trx);
          // The command's own transaction: its connection, for closeWith. Asked
          // of the transaction's executor before any statement of it, so nothing waits.
          if (!nested)
            connections.set(
              tx,
              await (trx as unknown as Kysely<unknown>)
                .getExecutor()
                .provideConnection(async (connection) => connection),
            );
          try {
            const result = await run(tx);
            // A write held for a closing statement that did not come: sent now, before the COMMIT.
            await takeHeldWrite(tx)?.send();
            await flushLeft(tx);
            return result;
          } finally {
            // Past here the connection goes back to the pool: nothing more may be sent on it.
            connections.delete(tx);
            held.delete(tx);
          }
        },
        // Inside a caller's transaction (a public form's create): a savepoint of that transaction.
        { ctx: em.getTransactionContext(), sessionContext: tx.getTransactionSessionContext() },
      ),
    );
    // A closing statement that failed made PostgreSQL answer the COMMIT with a rollback: its error
    // is the command's, and nothing of the command was kept.
    await closings.get(tx);
    return result;
  } catch (err) {
    // A statement after a failed closing one fails as "transaction aborted": the closing one says why.
    await closings.get(tx);
    throw err;
  }
}

/** A change the unit of work holds that no flush has sent: refused outside production, else flushed. */
async function flushLeft(tx: EntityManager): Promise<void> {
  const uow = tx.getUnitOfWork();
  uow.computeChangeSets();
  const left = uow.getChangeSets();
  if (left.length === 0) return;
  if (process.env.NODE_ENV === 'production') {
    await tx.flush();
    return;
  }
  throw new Error(
    `commandTransaction: ${left.length} change(s) left unflushed (${left
      .map((c) => `${c.type} ${c.meta.className}`)
      .join(', ')}); the command must flush what it changes`,
  );
}
