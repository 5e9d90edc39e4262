import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEND_ONLY_SQLSTATE } from '../../platform/db/append-only';
import { AppError } from '../../platform/errors';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { LedgerService } from './ledger.service';
import { stockConservation, verifyLedger } from './ledger-checks';
import { balancesOf, type LedgerFixture, ledgerFixture, TODAY } from './ledger-fixtures';

// Issue 9, part 3, the later checks: every balance equals the sum of its movements, goods are
// conserved, the database refuses to change or remove a movement, and concurrent postings never
// leave a negative balance.

let t: TestApp;
let f: LedgerFixture;
beforeAll(async () => {
  t = await startTestApp();
  f = await ledgerFixture(t);
});
afterAll(() => t.close());

/** Runs a statement straight on the database, outside the ledger. */
const raw = (sql: string, params: unknown[] = []) => t.em().execute(sql, params);
/**
 * The same as the owner of the tables: the triggers refuse even it (the server's role has no
 * privilege for these statements at all: database-role.test.ts).
 */
const asOwner = async (sql: string, params: unknown[] = []) => (await t.ownerEm()).execute(sql, params);

describe('the database keeps movements append-only', () => {
  let stockId: string;
  let moneyId: string;
  beforeAll(async () => {
    const item = await f.newResource('G-APPEND');
    await f.post(async (l) => {
      stockId = (
        await l.receive(
          { storageId: f.storage.SDW, resourceId: item, quantity: '1', unitValue: '1' },
          f.source(1),
        )
      ).movementId;
      moneyId = (
        await l.money.credit({ accountId: f.account.OPS, amount: '5', type: 'INITIAL' }, f.source(1))
      ).movementId;
    });
  });

  const refused = { code: APPEND_ONLY_SQLSTATE, message: expect.stringContaining('append-only') };

  it('refuses UPDATE, DELETE and TRUNCATE of stock movements', async () => {
    await expect(
      asOwner('update stock_movement set quantity = 1000 where id = ?', [stockId]),
    ).rejects.toMatchObject(refused);
    await expect(asOwner('update stock_movement set document_id = document_id')).rejects.toMatchObject(
      refused,
    );
    await expect(asOwner('delete from stock_movement where id = ?', [stockId])).rejects.toMatchObject(
      refused,
    );
    await expect(asOwner('truncate stock_movement')).rejects.toMatchObject(refused);
    await expect(asOwner('truncate stock_balance cascade')).rejects.toMatchObject(refused);
    expect(await f.sql('select quantity::text as q from stock_movement where id = ?', [stockId])).toEqual([
      { q: '1.000' },
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of money movements', async () => {
    await expect(
      asOwner('update money_movement set amount = 1 where id = ?', [moneyId]),
    ).rejects.toMatchObject(refused);
    await expect(asOwner('delete from money_movement where id = ?', [moneyId])).rejects.toMatchObject(
      refused,
    );
    await expect(asOwner('truncate money_movement')).rejects.toMatchObject(refused);
    expect(await f.sql('select amount::text as a from money_movement where id = ?', [moneyId])).toEqual([
      { a: '5.00' },
    ]);
  });

  it('refuses a balance below zero, a reservation above on hand, and unknown or empty movements', async () => {
    const check = { code: '23514' };
    await expect(raw('update stock_balance set on_hand = -1')).rejects.toMatchObject(check);
    await expect(raw('update stock_balance set reserved = on_hand + 1')).rejects.toMatchObject(check);
    await expect(raw('update stock_balance set in_transit = -0.001')).rejects.toMatchObject(check);
    await expect(raw('update money_balance set balance = -0.01')).rejects.toMatchObject(check);
    const copy = (type: string, quantity: string) =>
      raw(
        `insert into stock_movement (balance_id, storage_id, resource_id, lot, movement_type, quantity, reserved_delta,
           transit_delta, unit_value, document_type, document_id, created_by_id, created_at)
         select balance_id, storage_id, resource_id, lot, ?, ?::numeric, 0, 0, 0, 'TEST', 1, created_by_id, now()
         from stock_movement where id = ?`,
        [type, quantity, stockId],
      );
    await expect(copy('BOGUS', '1')).rejects.toMatchObject(check);
    await expect(copy('RECEIVE', '0')).rejects.toMatchObject(check);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('lets verifyLedger name a balance changed behind the ledger’s back', async () => {
    const em = t.em();
    await em.begin();
    try {
      const [b] = (await em.execute(
        'update stock_balance set on_hand = on_hand + 1 where id = (select balance_id from stock_movement where id = ?) returning id',
        [stockId],
      )) as unknown as { id: number }[];
      expect((await verifyLedger(em)).stock).toEqual([
        expect.objectContaining({ balanceId: b.id, onHand: '2.000', movementsOnHand: '1.000' }),
      ]);
    } finally {
      await em.rollback();
    }
  });
});

/** Posts until the ledger refuses with a shortfall; returns how many postings succeeded. */
async function untilShort(post: () => Promise<unknown>): Promise<number> {
  let done = 0;
  for (;;) {
    try {
      await post();
      done++;
    } catch (err) {
      if (err instanceof AppError && err.code === 'SHORTFALL') return done;
      throw err;
    }
  }
}

const inTx = <T>(fn: (l: LedgerService) => Promise<T>) =>
  t.em().transactional((tx) => fn(new LedgerService(tx, { today: () => TODAY })));

describe('concurrent postings', () => {
  it('eight transactions issuing from one hot balance take exactly what was there, never more', async () => {
    const hot = await f.newResource('G-HOT');
    const at = { storageId: f.storage.SDW, resourceId: hot };
    await f.post(async (l) => {
      await l.receive(
        { ...at, quantity: '30', unitValue: '1', lot: 'H1', expiryDate: '2026-12-01' },
        f.source(1),
      );
      await l.receive(
        { ...at, quantity: '18', unitValue: '1', lot: 'H2', expiryDate: '2026-10-01' },
        f.source(1),
      );
    });
    const counts = await Promise.all(
      Array.from({ length: 8 }, (_, worker) =>
        untilShort(() => inTx((l) => l.issue({ ...at, quantity: '2' }, f.source(100 + worker)))),
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0) * 2).toBe(48);
    expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
    expect((await balancesOf(f, hot)).map((b) => b.on_hand)).toEqual(['0.000', '0.000']);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('concurrent reservations and issues of reserved stock keep reserved within on hand', async () => {
    const item = await f.newResource('G-RESERVE');
    const at = { storageId: f.storage.DON, resourceId: item };
    await f.post((l) => l.receive({ ...at, quantity: '20', unitValue: '1' }, f.source(1)));
    const counts = await Promise.all(
      Array.from({ length: 8 }, (_, worker) =>
        untilShort(() =>
          inTx(async (l) => {
            await l.reserve({ ...at, quantity: '1' }, f.source(200 + worker));
            if (worker % 2) await l.issueReserved({ ...at, quantity: '1' }, f.source(200 + worker));
          }),
        ),
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    const [b] = await balancesOf(f, item);
    const issued = counts.filter((_, w) => w % 2).reduce((a, c) => a + c, 0);
    expect(Number(b.on_hand)).toBe(20 - issued);
    expect(b.reserved).toBe(b.on_hand);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('concurrent first receipts of a new lot add up in one balance row', async () => {
    const item = await f.newResource('G-FIRST');
    await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        inTx((l) =>
          l.receive(
            { storageId: f.storage.SUP, resourceId: item, quantity: '1.5', unitValue: String(w) },
            f.source(300 + w),
          ),
        ),
      ),
    );
    // Unit values 0..7 at 1.5 each weigh to 3.50, whatever order they arrived in.
    expect(await balancesOf(f, item)).toEqual([
      expect.objectContaining({ on_hand: '12.000', unit_value: '3.50' }),
    ]);
  });

  it('transfers in both directions at once neither deadlock nor lose goods', async () => {
    const item = await f.newResource('G-SWAP');
    await f.post(async (l) => {
      await l.receive(
        { storageId: f.storage.SDW, resourceId: item, quantity: '40', unitValue: '1', lot: 'S' },
        f.source(1),
      );
      await l.receive(
        { storageId: f.storage.DON, resourceId: item, quantity: '40', unitValue: '1', lot: 'S' },
        f.source(1),
      );
    });
    const transfer = (from: number, to: number, doc: number) =>
      inTx((l) =>
        l.transferOut(
          { fromStorageId: from, toStorageId: to, resourceId: item, quantity: '1' },
          f.source(doc),
        ),
      );
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 5; i++) {
          if (w % 2) await transfer(f.storage.SDW, f.storage.DON, 400 + w);
          else await transfer(f.storage.DON, f.storage.SDW, 400 + w);
        }
      }),
    );
    expect((await balancesOf(f, item)).map((b) => [b.on_hand, b.in_transit])).toEqual([
      ['20.000', '20.000'],
      ['20.000', '20.000'],
    ]);
    expect((await stockConservation(t.em(), { resourceId: item })).balanced).toBe(true);
  });

  it('eight transactions paying out of one account never overdraw it', async () => {
    await f.post((l) =>
      l.money.credit({ accountId: f.account.DON, amount: '100', type: 'DONATION_IN' }, f.source(1)),
    );
    const [{ balance }] = await f.sql<{ balance: string }>(
      'select balance::text as balance from money_balance where account_id = ?',
      [f.account.DON],
    );
    const counts = await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        untilShort(() =>
          inTx((l) =>
            l.money.debit(
              { accountId: f.account.DON, amount: '2.50', type: 'DISBURSEMENT_OUT' },
              f.source(500 + w),
            ),
          ),
        ),
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0) * 2.5).toBe(Number(balance));
    expect(
      await f.sql('select balance::text as b from money_balance where account_id = ?', [f.account.DON]),
    ).toEqual([{ b: '0.00' }]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });
});

describe('conservation', () => {
  it('received = issued + on hand + in transit + missing after a mixed sequence', async () => {
    const item = await f.newResource('G-CONSERVE');
    const sdw = { storageId: f.storage.SDW, resourceId: item };
    const don = { storageId: f.storage.DON, resourceId: item };
    await f.post(async (l) => {
      await l.receive(
        { ...sdw, quantity: '50', unitValue: '10', lot: 'A', expiryDate: '2026-09-01' },
        f.source(1),
      );
      await l.receive(
        { ...sdw, quantity: '25.5', unitValue: '12', lot: 'B', expiryDate: '2026-08-01' },
        f.source(1),
      );
    });
    await f.post((l) => l.issue({ ...sdw, quantity: '30' }, f.source(2)));
    await f.post((l) => l.reserve({ ...sdw, quantity: '10' }, f.source(3)));
    await f.post((l) => l.issueReserved({ ...sdw, quantity: '4' }, f.source(3)));
    await f.post((l) => l.release({ ...sdw, quantity: '6' }, f.source(3)));
    const transfer = (quantity: string, doc: number) =>
      f.post((l) =>
        l.transferOut(
          { fromStorageId: f.storage.SDW, toStorageId: f.storage.DON, resourceId: item, quantity },
          f.source(doc),
        ),
      );
    // The first transfer arrives two short; the second is still on the road.
    const [sent] = await transfer('20', 4);
    await f.post((l) =>
      l.receiveFromTransit(
        {
          ...don,
          lot: sent.lot,
          expiryDate: sent.expiryDate,
          sent: sent.quantity,
          received: '18',
          unitValue: sent.unitValue,
          reasonId: f.reason.DAMAGED,
        },
        f.source(4),
      ),
    );
    await transfer('10', 8);
    await f.post((l) =>
      l.adjust(
        { ...sdw, quantity: '3', reasonId: f.reason.UNRECORDED, lot: 'A', expiryDate: '2026-09-01' },
        f.source(5),
      ),
    );
    await f.post((l) => l.adjust({ ...don, quantity: '-1', reasonId: f.reason.DAMAGED }, f.source(6)));
    await f.post((l) => l.issue({ ...sdw, quantity: '1.5' }, f.source(7)));
    await f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 7 }, f.userId));

    expect(await stockConservation(t.em(), { resourceId: item })).toEqual({
      received: '78.500', // 50 + 25.5 + 3
      issued: '35.000', // 30 + 4 + 1 (1.5 issued and reversed)
      missing: '2.000',
      onHand: '31.500',
      inTransit: '10.000',
      balanced: true,
    });
    expect((await stockConservation(t.em())).balanced).toBe(true);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });
});
