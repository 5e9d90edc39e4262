import { TransactionContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

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
  return TransactionContext.create(tx, () =>
    tx.getConnection('write').transactional(
      async (trx) => {
        tx.setTransactionContext(trx);
        const result = await run(tx);
        await flushLeft(tx);
        return result;
      },
      // Inside a caller's transaction (a public form's create): a savepoint of that transaction.
      { ctx: em.getTransactionContext(), sessionContext: tx.getTransactionSessionContext() },
    ),
  );
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
