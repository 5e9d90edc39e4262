import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { verifyLedger } from './ledger-checks';
import {
  balancesOf,
  type LedgerFixture,
  ledgerCounts,
  ledgerFixture,
  movementsOf,
  refusal,
} from './ledger-fixtures';

// Issue 9, part 3: transfers between storages, the money ledger and reversals through
// LedgerService, on the real database, each inside a transaction as a document action posts them.

let t: TestApp;
let f: LedgerFixture;
beforeAll(async () => {
  t = await startTestApp();
  f = await ledgerFixture(t);
});
afterAll(async () => {
  expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  await t.close();
});

describe('transfers', () => {
  it('sends stock into transit and receives it with the shortfall written off as missing', async () => {
    const blanket = await f.newResource('T-TRANSFER');
    await f.post((l) =>
      l.receive(
        {
          storageId: f.storage.SDW,
          resourceId: blanket,
          quantity: '10',
          unitValue: '120',
          lot: 'B7',
          expiryDate: '2027-01-01',
        },
        f.source(1),
      ),
    );
    const sent = await f.post((l) =>
      l.transferOut(
        { fromStorageId: f.storage.SDW, toStorageId: f.storage.DON, resourceId: blanket, quantity: '10' },
        f.source(5, 1),
      ),
    );
    expect(sent).toEqual([
      expect.objectContaining({
        lot: 'B7',
        expiryDate: '2027-01-01',
        quantity: '10.000',
        unitValue: '120.000000',
      }),
    ]);
    expect((await balancesOf(f, blanket)).map((b) => [b.storage_id, b.on_hand, b.in_transit])).toEqual([
      [f.storage.SDW, '0.000', '0.000'],
      [f.storage.DON, '0.000', '10.000'],
    ]);
    const lot = sent[0];
    const receipt = {
      storageId: f.storage.DON,
      resourceId: blanket,
      lot: lot.lot,
      expiryDate: lot.expiryDate,
      sent: lot.quantity,
      unitValue: lot.unitValue,
    };
    // More than was sent is refused; a missing part needs its reason.
    expect(
      (await refusal(f.post((l) => l.receiveFromTransit({ ...receipt, received: '11' }, f.source(5, 1)))))
        .code,
    ).toBe('BAD_INPUT');
    expect(
      (await refusal(f.post((l) => l.receiveFromTransit({ ...receipt, received: '8' }, f.source(5, 1)))))
        .details,
    ).toEqual({ field: 'reasonId' });
    const got = await f.post((l) =>
      l.receiveFromTransit({ ...receipt, received: '8', reasonId: f.reason.DAMAGED }, f.source(5, 1)),
    );
    expect(got).toMatchObject({ received: { quantity: '8', unitValue: '120.000000' }, missing: '2.000' });
    expect(
      (await balancesOf(f, blanket)).map((b) => [b.storage_id, b.on_hand, b.in_transit, b.unit_value]),
    ).toEqual([
      [f.storage.SDW, '0.000', '0.000', '120.00'],
      [f.storage.DON, '8.000', '0.000', '120.00'],
    ]);
    expect(
      (await movementsOf(f, blanket))
        .slice(1)
        .map((m) => [m.movement_type, m.storage_id, m.quantity, m.t, m.reason_id]),
    ).toEqual([
      ['TRANSFER_OUT', f.storage.SDW, '-10.000', '0.000', null],
      ['TRANSFER_IN_TRANSIT', f.storage.DON, '0.000', '10.000', null],
      ['TRANSFER_RECEIVE', f.storage.DON, '8.000', '-8.000', null],
      ['TRANSFER_MISSING', f.storage.DON, '0.000', '-2.000', f.reason.DAMAGED],
    ]);
    // Receiving the same transfer twice finds nothing in transit.
    const twice = await refusal(
      f.post((l) => l.receiveFromTransit({ ...receipt, received: '10' }, f.source(5, 1))),
    );
    expect(twice.details).toMatchObject({
      kind: 'IN_TRANSIT',
      available: '0',
      requested: '10',
      storageCode: 'ST-P28-DON',
    });
  });

  it('sends what a transfer reserved: reserved and on hand fall together, and never more than is reserved', async () => {
    const item = await f.newResource('T-RESERVED');
    const [lot] = await f.post(async (l) => {
      await l.receive(
        { storageId: f.storage.SDW, resourceId: item, quantity: '10', unitValue: '5', lot: 'R1' },
        f.source(1),
      );
      return l.reserve({ storageId: f.storage.SDW, resourceId: item, quantity: '6' }, f.source(6, 1));
    });
    const line = {
      fromStorageId: f.storage.SDW,
      toStorageId: f.storage.DON,
      resourceId: item,
      lot: lot.lot,
      expiryDate: lot.expiryDate,
      reserved: true,
    };
    // 4 are free, but only 6 are reserved: sending 7 out of the reservation is refused.
    const before = await ledgerCounts(f);
    const short = await refusal(f.post((l) => l.transferOut({ ...line, quantity: '7' }, f.source(6, 1))));
    expect(short.details).toMatchObject({ kind: 'RESERVED', available: '6', requested: '7' });
    expect(await ledgerCounts(f)).toEqual(before);
    await f.post((l) => l.transferOut({ ...line, quantity: '6' }, f.source(6, 1)));
    expect(
      (await balancesOf(f, item)).map((b) => [b.storage_id, b.on_hand, b.reserved, b.in_transit]),
    ).toEqual([
      [f.storage.SDW, '4.000', '0.000', '0.000'],
      [f.storage.DON, '0.000', '0.000', '6.000'],
    ]);
    expect((await movementsOf(f, item)).slice(2).map((m) => [m.movement_type, m.quantity, m.r, m.t])).toEqual(
      [
        ['TRANSFER_OUT', '-6.000', '-6.000', '0.000'],
        ['TRANSFER_IN_TRANSIT', '0.000', '0.000', '6.000'],
      ],
    );
  });

  it('refuses a transfer to the same storage', async () => {
    const err = await refusal(
      f.post((l) =>
        l.transferOut(
          { fromStorageId: f.storage.SDW, toStorageId: f.storage.SDW, resourceId: 1, quantity: '1' },
          f.source(1),
        ),
      ),
    );
    expect(err.code).toBe('BAD_INPUT');
  });
});

describe('money', () => {
  it('credits, debits and adjusts an account, refusing to go below zero', async () => {
    const account = f.account.DON;
    const first = await f.post((l) =>
      l.money.credit({ accountId: account, amount: '1000.50', type: 'DONATION_IN' }, f.source(1)),
    );
    expect(first).toMatchObject({ amount: '1000.50', balance: '1000.50' });
    const out = await f.post((l) =>
      l.money.debit({ accountId: account, amount: '200.25', type: 'DISBURSEMENT_OUT' }, f.source(2)),
    );
    expect(out).toMatchObject({ amount: '-200.25', balance: '800.25' });
    const before = await ledgerCounts(f);
    const err = await refusal(
      f.post((l) =>
        l.money.debit({ accountId: account, amount: '800.26', type: 'DISBURSEMENT_OUT' }, f.source(3)),
      ),
    );
    expect(err).toMatchObject({ code: 'SHORTFALL', status: 409 });
    expect(err.details).toEqual({
      kind: 'MONEY',
      accountCode: 'AC-P28-TEST',
      available: '800.25',
      requested: '800.26',
    });
    expect(err.messageTh).toBe(
      'ยอดเงินที่ใช้ได้ในบัญชี AC-P28-TEST เงินบริจาค ขอนแก่น มีไม่พอ: ใช้ได้ 800.25 บาท ต้องการ 800.26 บาท',
    );
    expect(await ledgerCounts(f)).toEqual(before);
    const adjusted = await f.post((l) =>
      l.money.adjust({ accountId: account, amount: '-0.25' }, f.source(4)),
    );
    expect(adjusted.balance).toBe('800.00');
    // An account with no posting yet has nothing to pay out.
    const empty = await refusal(
      f.post((l) =>
        l.money.debit({ accountId: f.account.OPS, amount: '1', type: 'ADJUST_OUT' }, f.source(5)),
      ),
    );
    expect(empty.details).toMatchObject({ available: '0', requested: '1' });
  });
});

describe('money reservation', () => {
  const amounts = async (accountId: number) =>
    (
      await f.sql<{ balance: string; reserved: string }>(
        'select balance::text as balance, reserved::text as reserved from money_balance where account_id = ?',
        [accountId],
      )
    )[0];

  it('holds money without moving the balance, pays it out, releases it and reverses per type', async () => {
    const account = f.account.OPS;
    await f.post((l) =>
      l.money.credit({ accountId: account, amount: '500.00', type: 'DONATION_IN' }, f.source(80)),
    );
    const start = await amounts(account);
    const held = await f.post((l) => l.money.reserve({ accountId: account, amount: '300.50' }, f.source(81)));
    expect(held).toMatchObject({ amount: '0.00', reservedDelta: '300.50' });
    expect(await amounts(account)).toEqual({
      balance: start.balance,
      reserved: (Number(start.reserved) + 300.5).toFixed(2),
    });
    // What is reserved is not available: neither a second reservation nor a plain debit may take it.
    const free = (Number(start.balance) - Number(start.reserved) - 300.5).toFixed(2);
    const before = await ledgerCounts(f);
    const tooMuch = await refusal(
      f.post((l) => l.money.reserve({ accountId: account, amount: '300.00' }, f.source(82))),
    );
    expect(tooMuch.details).toMatchObject({
      kind: 'MONEY',
      available: free.replace(/\.?0+$/, ''),
      requested: '300',
    });
    expect(tooMuch.messageEn).toContain('available');
    const debit = await refusal(
      f.post((l) =>
        l.money.debit(
          { accountId: account, amount: String(Number(free) + 0.01), type: 'ADJUST_OUT' },
          f.source(83),
        ),
      ),
    );
    expect(debit.details).toMatchObject({ kind: 'MONEY' });
    // A donation whose money is reserved cannot be reversed below the reservation.
    const reversal = await refusal(
      f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 80 }, f.userId)),
    );
    expect(reversal.code).toBe('SHORTFALL');
    expect(await ledgerCounts(f)).toEqual(before);
    // Releasing more than is reserved is refused with the reserved amount.
    const release = await refusal(
      f.post((l) => l.money.release({ accountId: account, amount: '999.00' }, f.source(81))),
    );
    expect(release.details).toMatchObject({ kind: 'MONEY_RESERVED', requested: '999' });
    // Paying out 100 of it: balance and reserved part drop together, in one movement.
    await f.post((l) =>
      l.money.debitReserved({ accountId: account, amount: '100.00', type: 'DISBURSEMENT_OUT' }, f.source(81)),
    );
    expect(await amounts(account)).toEqual({
      balance: (Number(start.balance) - 100).toFixed(2),
      reserved: (Number(start.reserved) + 200.5).toFixed(2),
    });
    // Reversing only the payment puts the money back, still reserved.
    expect(
      await f.post((l) =>
        l.reverse(
          { documentType: 'TEST_DOC', documentId: 81, movementTypes: ['DISBURSEMENT_OUT'] },
          f.userId,
        ),
      ),
    ).toEqual({ stock: 0, money: 1 });
    expect(await amounts(account)).toEqual({
      balance: start.balance,
      reserved: (Number(start.reserved) + 300.5).toFixed(2),
    });
    // Reversing the rest gives the reservation back.
    expect(await f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 81 }, f.userId))).toEqual({
      stock: 0,
      money: 1,
    });
    expect(await amounts(account)).toEqual(start);
    const moves = await f.sql<{ movement_type: string; amount: string; reserved_delta: string }>(
      `select movement_type, amount::text as amount, reserved_delta::text as reserved_delta from money_movement
       where document_type = 'TEST_DOC' and document_id = 81 order by id`,
    );
    expect(moves.map((m) => [m.movement_type, m.amount, m.reserved_delta])).toEqual([
      ['RESERVE', '0.00', '300.50'],
      ['DISBURSEMENT_OUT', '-100.00', '-100.00'],
      ['DISBURSEMENT_OUT', '100.00', '100.00'],
      ['RESERVE', '0.00', '-300.50'],
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('refuses a reserved part above the balance in the database itself', async () => {
    await expect(
      f.sql('update money_balance set reserved = balance + 1 where account_id = ?', [f.account.OPS]),
    ).rejects.toThrow(/money_balance_reserved_check/);
  });
});

describe('reversal', () => {
  it('reverses a document with new movements, once, and refuses when the goods have moved on', async () => {
    const item = await f.newResource('T-REVERSE');
    const at = { storageId: f.storage.SDW, resourceId: item };
    await f.post(async (l) => {
      await l.receive({ ...at, quantity: '5', unitValue: '10' }, f.source(70, 1));
      await l.money.credit({ accountId: f.account.OPS, amount: '99', type: 'DONATION_IN' }, f.source(70));
    });
    await f.post((l) => l.reserve({ ...at, quantity: '2' }, f.source(71)));
    await f.post((l) => l.issueReserved({ ...at, quantity: '1' }, f.source(71)));
    // The reservation's document is reversed newest first: the issue returns, then the reservation.
    expect(await f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 71 }, f.userId))).toEqual({
      stock: 2,
      money: 0,
    });
    expect(await balancesOf(f, item)).toEqual([
      expect.objectContaining({ on_hand: '5.000', reserved: '0.000' }),
    ]);
    expect(await f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 71 }, f.userId))).toEqual({
      stock: 0,
      money: 0,
    });
    const moves = await movementsOf(f, item);
    expect(
      moves.slice(3).map((m) => [m.movement_type, m.quantity, m.r, m.document_id, m.reversal_of_id === null]),
    ).toEqual([
      ['ISSUE_RESERVED', '1.000', '1.000', 71, false],
      ['RESERVE', '0.000', '-2.000', 71, false],
    ]);
    // Goods received by document 70 are issued by another document: its reversal is refused.
    await f.post((l) => l.issue({ ...at, quantity: '4' }, f.source(72)));
    const before = await ledgerCounts(f);
    const err = await refusal(
      f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 70 }, f.userId)),
    );
    expect(err.details).toMatchObject({
      kind: 'AVAILABLE',
      available: '1',
      requested: '5',
      resourceCode: 'T-REVERSE',
    });
    expect(await ledgerCounts(f)).toEqual(before);
    await f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 72 }, f.userId));
    expect(await f.post((l) => l.reverse({ documentType: 'TEST_DOC', documentId: 70 }, f.userId))).toEqual({
      stock: 1,
      money: 1,
    });
    expect(await balancesOf(f, item)).toEqual([expect.objectContaining({ on_hand: '0.000' })]);
  });
});
