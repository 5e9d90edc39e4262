import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { LedgerService } from './ledger.service';
import { verifyLedger } from './ledger-checks';
import { balancesOf, type LedgerFixture, ledgerFixture } from './ledger-fixtures';
import { postItems } from './stock-batch';
import { StockPostings } from './stock-postings';

// Two races the Jepsen-style test (app-tests/ledger-jepsen.test.ts) found in the batch posting
// (stock-batch.ts), replayed step by step with a second transaction holding a lock.

let t: TestApp;
let f: LedgerFixture;
beforeAll(async () => {
  t = await startTestApp();
  f = await ledgerFixture(t);
});
afterAll(() => t.close());

/** A transaction that runs `lock`, then stays open until `commit` is called. */
function holder(lock: (l: LedgerService, tx: EntityManager) => Promise<unknown>) {
  let commit = () => {};
  const open = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let ready: (pid: number) => void = () => {};
  const pid = new Promise<number>((resolve) => {
    ready = resolve;
  });
  const done = f.post(async (l, tx) => {
    await lock(l, tx);
    ready(((await tx.execute('select pg_backend_pid() as pid')) as { pid: number }[])[0].pid);
    await open;
  });
  return { pid, commit, done };
}

/** Waits until some backend waits for a lock the backend `pid` holds. */
async function blockedBy(pid: number): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const [row] = await f.sql<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where ?::int = any(pg_blocking_pids(pid))',
      [pid],
    );
    if (row.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nothing waited for backend ${pid}`);
}

const expiryDate = '2027-03-01';

describe('the batch posting under a concurrent commit', () => {
  it('posts a row a concurrent commit made fit while the posting waited for its lock', async () => {
    const resourceId = await f.newResource('G-RACE-FIT');
    const at = { storageId: f.storage.SDW, resourceId, lot: 'R1', expiryDate };
    await f.post((l) => l.receive({ ...at, quantity: '10', unitValue: '2' }, f.source(1)));
    const [{ id }] = await f.sql<{ id: number }>('select id from stock_balance where resource_id = ?', [
      resourceId,
    ]);
    // Planned while the lot had 10 free: reserve 5. Then all 10 are reserved (committed), and a
    // release of those 10 holds the row while the posting starts: its snapshot sees no room, the
    // lock it waits for gives it the released row, which fits.
    await f.post((l) => l.reserve({ ...at, quantity: '10' }, f.source(2)));
    const releasing = holder((l) => l.release({ ...at, quantity: '10' }, f.source(2)));
    const pid = await releasing.pid;
    const posting = f.post((_l, tx) =>
      postItems(new StockPostings(tx), [
        {
          line: 0,
          balanceId: id,
          storageId: at.storageId,
          resourceId,
          lot: at.lot,
          expiryDate,
          quantity: '5',
          deltas: { onHand: '0', reserved: '5', inTransit: '0' },
          movementType: 'RESERVE',
          unitValue: null,
          reasonId: null,
          source: f.source(3),
        },
      ]),
    );
    await blockedBy(pid);
    releasing.commit();
    await releasing.done;
    const posted = await posting;
    expect(posted?.map((p) => [p.balanceId, p.quantity])).toEqual([[id, '5']]);
    expect((await balancesOf(f, resourceId)).map((b) => [b.on_hand, b.reserved])).toEqual([
      ['10.000', '5.000'],
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  }, 60_000);
});

describe('a transfer received with a line of which nothing arrived', () => {
  it("locks every line's lot first, in id order, not that line's lot after the others'", async () => {
    const resourceId = await f.newResource('G-RACE-RECEIVE');
    const lots = ['R1', 'R2'];
    await f.post((l) =>
      l.receiveMany(
        [f.storage.SDW, f.storage.DON].flatMap((storageId) =>
          lots.map((lot) => ({
            line: { storageId, resourceId, lot, expiryDate, quantity: '5', unitValue: '2' },
            source: f.source(1),
          })),
        ),
      ),
    );
    await f.post((l) =>
      l.transferOutMany(
        lots.map((lot) => ({
          line: {
            fromStorageId: f.storage.SDW,
            toStorageId: f.storage.DON,
            resourceId,
            lot,
            expiryDate,
            quantity: '2',
          },
          source: f.source(2),
        })),
      ),
    );
    const [r1, r2] = (
      await f.sql<{ id: number }>(
        'select id from stock_balance where resource_id = ? and storage_id = ? order by lot',
        [resourceId, f.storage.DON],
      )
    ).map((r) => r.id);
    expect(r1).toBeLessThan(r2);
    // R1 (the lower id) is held; nothing of R1 arrives, R2 arrives whole. The receipt must wait for
    // R1 before it holds R2: holding R2 while it waits for R1 deadlocks with a posting that locks
    // both in one statement (a transfer sent into both lots).
    const holding = holder((_l, tx) =>
      tx.execute('select id from stock_balance where id = ? for update', [r1]),
    );
    const pid = await holding.pid;
    const receipt = f.post((l) =>
      l.receiveFromTransitMany(
        lots.map((lot) => ({
          line: {
            storageId: f.storage.DON,
            resourceId,
            lot,
            expiryDate,
            sent: '2',
            received: lot === 'R1' ? '0' : '2',
            unitValue: '2',
            reasonId: f.reason.DAMAGED,
          },
          source: f.source(3),
        })),
      ),
    );
    await blockedBy(pid);
    const r2Free = await f
      .sql('select id from stock_balance where id = ? for update nowait', [r2])
      .then(() => true)
      .catch(() => false);
    holding.commit();
    await holding.done;
    await receipt;
    expect(r2Free).toBe(true);
    expect(
      (await balancesOf(f, resourceId))
        .filter((b) => b.storage_id === f.storage.DON)
        .map((b) => [b.lot, b.on_hand, b.in_transit]),
    ).toEqual([
      ['R1', '5.000', '0.000'],
      ['R2', '7.000', '0.000'],
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  }, 60_000);
});
