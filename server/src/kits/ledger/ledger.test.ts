import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { LedgerService } from './ledger.service';
import { verifyLedger } from './ledger-checks';
import {
  balancesOf,
  type LedgerFixture,
  ledgerCounts,
  ledgerFixture,
  movementsOf,
  refusal,
} from './ledger-fixtures';

// Issue 9, part 3: the ledger's operations through LedgerService, on the real database, each
// inside a transaction as a document action would post them.

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

describe('a lot already in the storage', () => {
  it('is that lot for every posting coming in: an empty expiry and value take the lot’s, another expiry is refused', async () => {
    const rice = await f.newResource('T-LOT-RULE');
    const at = { storageId: f.storage.SDW, resourceId: rice };
    await f.post((l) =>
      l.receive(
        { ...at, quantity: '10', unitValue: '150', lot: 'R-11', expiryDate: '2027-05-31' },
        f.source(1),
      ),
    );
    // Adjusted in and sent here by a transfer with no expiry: the same balance row.
    await f.post((l) =>
      l.adjust({ ...at, quantity: '5', reasonId: f.reason.UNRECORDED, lot: 'R-11' }, f.source(2)),
    );
    const sent = await f.post((l) =>
      l.receive(
        { storageId: f.storage.DON, resourceId: rice, quantity: '4', unitValue: '150', lot: 'R-11' },
        f.source(3),
      ),
    );
    expect(sent.expiryDate).toBeNull();
    const moved = await f.post((l) =>
      l.transferOut(
        { fromStorageId: f.storage.DON, toStorageId: f.storage.SDW, resourceId: rice, quantity: '4' },
        f.source(4),
      ),
    );
    await f.post((l) =>
      l.receiveFromTransit(
        { ...at, lot: 'R-11', expiryDate: moved[0].expiryDate, sent: '4', received: '4', unitValue: '150' },
        f.source(4),
      ),
    );
    expect(await balancesOf(f, rice, f.storage.SDW)).toEqual([
      expect.objectContaining({
        lot: 'R-11',
        expiry_date: '2027-05-31',
        on_hand: '19.000',
        in_transit: '0.000',
        unit_value: '150.00',
      }),
    ]);
    const before = await ledgerCounts(f);
    const conflict = await refusal(
      f.post((l) =>
        l.receive(
          { ...at, quantity: '1', unitValue: '1', lot: 'R-11', expiryDate: '2027-06-30' },
          f.source(5),
        ),
      ),
    );
    expect(conflict).toMatchObject({ code: 'LOT_EXPIRY_CONFLICT', status: 409 });
    expect(conflict.messageTh).toContain('31/05/2570');
    expect(conflict.messageEn).toContain('2027-05-31, not 2027-06-30');
    expect(await ledgerCounts(f)).toEqual(before);
    // Goods without a lot number stay apart by expiry date.
    await f.post((l) =>
      l.receive({ ...at, quantity: '1', unitValue: '1', expiryDate: '2027-01-31' }, f.source(6)),
    );
    await f.post((l) =>
      l.receive({ ...at, quantity: '1', unitValue: '1', expiryDate: '2027-02-28' }, f.source(6)),
    );
    expect((await balancesOf(f, rice, f.storage.SDW)).filter((b) => b.lot === '')).toHaveLength(2);
  });
});

describe('receiving and issuing', () => {
  it('receives into a new lot, weighs unit values and records the source document', async () => {
    const rice = await f.newResource('T-RECEIVE');
    const first = await f.post((l) =>
      l.receive(
        { storageId: f.storage.SDW, resourceId: rice, quantity: '10', unitValue: '100', lot: 'L1' },
        f.source(1, 11),
      ),
    );
    expect(first).toMatchObject({ lot: 'L1', expiryDate: null, quantity: '10', unitValue: '100.000000' });
    await f.post((l) =>
      l.receive(
        { storageId: f.storage.SDW, resourceId: rice, quantity: '30', unitValue: '200', lot: 'L1' },
        f.source(2, 21),
      ),
    );
    // (10 × 100 + 30 × 200) / 40 = 175
    expect(await balancesOf(f, rice)).toEqual([
      expect.objectContaining({ lot: 'L1', on_hand: '40.000', reserved: '0.000', unit_value: '175.00' }),
    ]);
    const issued = await f.post((l) =>
      l.issue({ storageId: f.storage.SDW, resourceId: rice, quantity: '12.5' }, f.source(3, 31)),
    );
    expect(issued).toEqual([
      expect.objectContaining({ lot: 'L1', quantity: '12.500', unitValue: '175.000000' }),
    ]);
    expect(await balancesOf(f, rice)).toEqual([
      expect.objectContaining({ on_hand: '27.500', unit_value: '175.00' }),
    ]);
    expect(await movementsOf(f, rice)).toEqual([
      expect.objectContaining({
        movement_type: 'RECEIVE',
        quantity: '10.000',
        unit_value: '100.00',
        document_type: 'TEST_DOC',
        document_id: 1,
        document_line_id: 11,
        created_by_id: f.userId,
      }),
      expect.objectContaining({
        movement_type: 'RECEIVE',
        quantity: '30.000',
        unit_value: '200.00',
        document_id: 2,
      }),
      expect.objectContaining({
        movement_type: 'ISSUE',
        quantity: '-12.500',
        r: '0.000',
        unit_value: '175.00',
        document_id: 3,
      }),
    ]);
  });

  it('keeps goods without a lot number apart by expiry date', async () => {
    const noodle = await f.newResource('T-NOLOT');
    await f.post(async (l) => {
      await l.receive(
        {
          storageId: f.storage.SDW,
          resourceId: noodle,
          quantity: '5',
          unitValue: '6',
          expiryDate: '2026-09-01',
        },
        f.source(1),
      );
      await l.receive(
        {
          storageId: f.storage.SDW,
          resourceId: noodle,
          quantity: '7',
          unitValue: '6',
          expiryDate: '2026-07-01',
        },
        f.source(1),
      );
      await l.receive(
        { storageId: f.storage.SDW, resourceId: noodle, quantity: '1', unitValue: '6' },
        f.source(1),
      );
      await l.receive(
        { storageId: f.storage.SDW, resourceId: noodle, quantity: '2', unitValue: '6' },
        f.source(1),
      );
    });
    expect((await balancesOf(f, noodle)).map((b) => [b.lot, b.expiry_date, b.on_hand])).toEqual([
      ['', '2026-07-01', '7.000'],
      ['', '2026-09-01', '5.000'],
      ['', null, '3.000'],
    ]);
  });
});

describe('first expiry first out', () => {
  it('takes the earliest expiry first, goods without expiry last, and skips expired lots', async () => {
    const water = await f.newResource('T-FEFO');
    const lots: [string, string | null, string][] = [
      ['A', '2026-08-01', '5'],
      ['B', '2026-07-01', '5'],
      ['C', null, '5'],
      ['D', '2026-05-01', '5'], // expired before TODAY (2026-06-01)
    ];
    await f.post(async (l) => {
      for (const [lot, expiryDate, quantity] of lots) {
        await l.receive(
          { storageId: f.storage.SUP, resourceId: water, quantity, unitValue: '7', lot, expiryDate },
          f.source(1),
        );
      }
    });
    const taken = await f.post((l) =>
      l.issue({ storageId: f.storage.SUP, resourceId: water, quantity: '12' }, f.source(2)),
    );
    expect(taken.map((a) => [a.lot, a.expiryDate, a.quantity])).toEqual([
      ['B', '2026-07-01', '5.000'],
      ['A', '2026-08-01', '5.000'],
      ['C', null, '2.000'],
    ]);
    // The expired lot is taken only when a line names it.
    const named = await f.post((l) =>
      l.issue({ storageId: f.storage.SUP, resourceId: water, quantity: '1', lot: 'D' }, f.source(3)),
    );
    expect(named).toEqual([
      expect.objectContaining({ lot: 'D', expiryDate: '2026-05-01', quantity: '1.000' }),
    ]);
    expect((await balancesOf(f, water)).map((b) => [b.lot, b.on_hand])).toEqual([
      ['D', '4.000'],
      ['B', '0.000'],
      ['A', '0.000'],
      ['C', '3.000'],
    ]);
  });

  it('refuses a shortfall with 409 naming the resource, storage and quantities, and writes nothing', async () => {
    const kit = await f.newResource('T-SHORT');
    await f.post(async (l) => {
      await l.receive(
        {
          storageId: f.storage.SDW,
          resourceId: kit,
          quantity: '4',
          unitValue: '1',
          expiryDate: '2026-12-31',
        },
        f.source(1),
      );
      await l.receive(
        {
          storageId: f.storage.SDW,
          resourceId: kit,
          quantity: '2',
          unitValue: '1',
          expiryDate: '2026-01-31',
        },
        f.source(1),
      );
      await l.reserve({ storageId: f.storage.SDW, resourceId: kit, quantity: '1' }, f.source(2));
    });
    const before = await ledgerCounts(f);
    // A two-line action: the first line posts, the second runs short, and the whole action rolls back.
    const err = await refusal(
      f.post(async (l) => {
        await l.receive(
          { storageId: f.storage.DON, resourceId: kit, quantity: '9', unitValue: '1' },
          f.source(3, 1),
        );
        await l.issue({ storageId: f.storage.SDW, resourceId: kit, quantity: '1' }, f.source(3, 2));
        return l.issue({ storageId: f.storage.SDW, resourceId: kit, quantity: '5.5' }, f.source(3, 3));
      }),
    );
    expect(err.code).toBe('SHORTFALL');
    expect(err.status).toBe(409);
    expect(err.details).toEqual({
      kind: 'AVAILABLE',
      resourceCode: 'T-SHORT',
      storageCode: 'ST-P38-SDW',
      available: '2',
      requested: '5.5',
      expired: '2',
    });
    expect(err.messageTh).toContain('T-SHORT ข้าวทดสอบ T-SHORT ในคลัง ST-P38-SDW');
    expect(err.messageTh).toContain('คงเหลือที่เบิกได้ 2 ถุง ต้องการ 5.5 ถุง');
    expect(err.messageEn).toContain('Not enough T-SHORT Test rice T-SHORT in storage ST-P38-SDW');
    expect(err.messageEn).toContain(
      '2 bag available, 5.5 bag requested (not counting 2 bag past its expiry date)',
    );
    expect(await ledgerCounts(f)).toEqual(before);
    expect((await balancesOf(f, kit)).map((b) => [b.storage_id, b.on_hand, b.reserved])).toEqual([
      [f.storage.SDW, '2.000', '0.000'],
      [f.storage.SDW, '4.000', '1.000'],
    ]);
  });
});

describe('reservations', () => {
  it('reserves free stock, releases it, and issues out of the reservation', async () => {
    const bag = await f.newResource('T-RESERVE');
    const at = { storageId: f.storage.DON, resourceId: bag };
    await f.post((l) => l.receive({ ...at, quantity: '10', unitValue: '50', lot: 'R1' }, f.source(1)));
    const reserved = await f.post((l) => l.reserve({ ...at, quantity: '6' }, f.source(2)));
    expect(reserved).toEqual([expect.objectContaining({ lot: 'R1', quantity: '6.000' })]);
    // Reserved stock is not free: only 4 may be issued or reserved by others.
    const short = await refusal(f.post((l) => l.issue({ ...at, quantity: '5' }, f.source(3))));
    expect(short.details).toMatchObject({ kind: 'AVAILABLE', available: '4', requested: '5' });
    await f.post((l) => l.release({ ...at, quantity: '2', lot: 'R1' }, f.source(2)));
    await f.post((l) => l.issueReserved({ ...at, quantity: '3', lot: 'R1', expiryDate: null }, f.source(4)));
    expect(await balancesOf(f, bag)).toEqual([
      expect.objectContaining({ on_hand: '7.000', reserved: '1.000' }),
    ]);
    const over = await refusal(f.post((l) => l.issueReserved({ ...at, quantity: '2' }, f.source(4))));
    expect(over.details).toMatchObject({ kind: 'RESERVED', available: '1', requested: '2' });
    expect(over.messageTh).toContain('ยอดที่จองไว้ 1 ถุง ต้องการ 2 ถุง');
    expect((await movementsOf(f, bag)).map((m) => [m.movement_type, m.quantity, m.r])).toEqual([
      ['RECEIVE', '10.000', '0.000'],
      ['RESERVE', '0.000', '6.000'],
      ['RELEASE', '0.000', '-2.000'],
      ['ISSUE_RESERVED', '-3.000', '-3.000'],
    ]);
  });
});

describe('adjustments', () => {
  it('adds and removes stock with a reason', async () => {
    const item = await f.newResource('T-ADJUST');
    const at = { storageId: f.storage.SUP, resourceId: item };
    await f.post((l) => l.receive({ ...at, quantity: '3', unitValue: '10' }, f.source(1)));
    await f.post((l) =>
      l.adjust({ ...at, quantity: '2', reasonId: f.reason.UNRECORDED, unitValue: '20' }, f.source(2)),
    );
    await f.post((l) => l.adjust({ ...at, quantity: '-1.5', reasonId: f.reason.COUNT_ERROR }, f.source(2)));
    expect(await balancesOf(f, item)).toEqual([
      expect.objectContaining({ on_hand: '3.500', unit_value: '14.00' }),
    ]);
    expect((await movementsOf(f, item)).map((m) => [m.movement_type, m.quantity, m.reason_id])).toEqual([
      ['RECEIVE', '3.000', null],
      ['ADJUST_IN', '2.000', f.reason.UNRECORDED],
      ['ADJUST_OUT', '-1.500', f.reason.COUNT_ERROR],
    ]);
    const short = await refusal(
      f.post((l) => l.adjust({ ...at, quantity: '-9', reasonId: f.reason.DAMAGED }, f.source(3))),
    );
    expect(short.details).toMatchObject({ kind: 'AVAILABLE', available: '3.5', requested: '9' });
  });
});

describe('input', () => {
  it('takes quantities as decimal strings and refuses anything else', async () => {
    const item = await f.newResource('T-INPUT');
    for (const quantity of ['0', '-1', '1e3', '1.2345', '', ' ', '123456789012', 'NaN']) {
      const err = await refusal(
        f.post((l) =>
          l.receive({ storageId: f.storage.SDW, resourceId: item, quantity, unitValue: '1' }, f.source(1)),
        ),
      );
      expect(err.code, quantity).toBe('BAD_INPUT');
    }
    const badExpiry = await refusal(
      f.post((l) =>
        l.receive(
          {
            storageId: f.storage.SDW,
            resourceId: item,
            quantity: '1',
            unitValue: '1',
            expiryDate: '2026-02-30',
          },
          f.source(1),
        ),
      ),
    );
    expect(badExpiry.messageEn).toContain('Expiry date must be YYYY-MM-DD');
  });

  it('posts only inside a transaction', () => {
    expect(() => new LedgerService(t.em())).toThrow(/transaction/);
  });
});
