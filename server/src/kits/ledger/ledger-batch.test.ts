import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements, type StatementRecorder } from '../../testing/sent-statements';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { LedgerService } from './ledger.service';
import { verifyLedger } from './ledger-checks';
import {
  balancesOf,
  type LedgerFixture,
  ledgerCounts,
  ledgerFixture,
  refusal,
  TODAY,
} from './ledger-fixtures';

// Issue 24, parts 2 and 3: a document's lines post in a constant number of statements, and a
// posting locks only the lots it changes, so postings to other lots of one storage and resource
// do not wait for it (docs/ledger.md, "Locks and statements").

let t: TestApp;
let f: LedgerFixture;
let recorder: StatementRecorder;
beforeAll(async () => {
  t = await startTestApp();
  f = await ledgerFixture(t);
  recorder = recordStatements();
});
afterAll(async () => {
  recorder.restore();
  await t.close();
});

const inTx = <T>(fn: (l: LedgerService) => Promise<T>) =>
  t.em().transactional((tx) => fn(new LedgerService(tx, { today: () => TODAY })));

/** The statements a ledger call sends inside its transaction (begin and commit left out). */
async function statementsOf(fn: (l: LedgerService) => Promise<unknown>): Promise<string[]> {
  let seen: string[] = [];
  await inTx(async (l) => {
    recorder.clear();
    try {
      await fn(l);
    } finally {
      seen = recorder.texts();
    }
  });
  return seen;
}

const lots = ['B1', 'B2', 'B3', 'B4', 'B5'];

describe('a posting of many lines', () => {
  let item: number;
  const at = () => ({ storageId: f.storage.SDW, resourceId: item });
  beforeAll(async () => {
    item = await f.newResource('G-BATCH');
    await f.post((l) =>
      l.receiveMany(
        lots.map((lot, i) => ({
          line: { ...at(), quantity: '10', unitValue: '2', lot, expiryDate: `2027-0${i + 1}-01` },
          source: f.source(1, i + 1),
        })),
      ),
    );
  });

  const adjustment = (n: number, sign: '' | '-') =>
    lots.slice(0, n).map((lot, i) => ({
      line: {
        ...at(),
        quantity: `${sign}1`,
        reasonId: f.reason.COUNT_ERROR,
        lot,
        expiryDate: `2027-0${i + 1}-01`,
      },
      source: f.source(2, i + 1),
    }));

  it('sends as many statements for 5 lines as for 1, at most 2, in and out', async () => {
    for (const sign of ['-', ''] as const) {
      const one = await statementsOf((l) => l.adjustMany(adjustment(1, sign)));
      const five = await statementsOf((l) => l.adjustMany(adjustment(5, sign)));
      expect(five.length, five.join('\n')).toBe(one.length);
      expect(five.length, five.join('\n')).toBeLessThanOrEqual(2);
      // The one lock is the posting's own, of the rows it changes (no lock of a storage and resource).
      expect(five.filter((s) => /for update/.test(s) && !/join i on i\.balance_id = sb\.id/.test(s))).toEqual(
        [],
      );
    }
    expect((await balancesOf(f, item)).map((b) => b.on_hand)).toEqual(lots.map(() => '10.000'));
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('takes first expiry first across lines of one resource as line by line would', async () => {
    const taken = await f.post((l) =>
      l.adjustMany([
        { line: { ...at(), quantity: '-12', reasonId: f.reason.DAMAGED }, source: f.source(3, 1) },
        { line: { ...at(), quantity: '-3', reasonId: f.reason.DAMAGED }, source: f.source(3, 2) },
      ]),
    );
    expect(taken.map((line) => line.map((p) => [p.lot, p.quantity]))).toEqual([
      [
        ['B1', '10.000'],
        ['B2', '2.000'],
      ],
      [['B2', '3.000']],
    ]);
    expect((await balancesOf(f, item)).map((b) => b.on_hand)).toEqual([
      '0.000',
      '5.000',
      '10.000',
      '10.000',
      '10.000',
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('refuses the whole posting when one line runs short, naming its lot, and writes nothing', async () => {
    const before = await ledgerCounts(f);
    const lines = adjustment(5, '-').slice(2); // B3, B4, B5 (10 each)
    lines[1].line.quantity = '-11';
    const err = await refusal(f.post((l) => l.adjustMany(lines)));
    expect(err).toMatchObject({
      status: 409,
      code: 'SHORTFALL',
      details: { kind: 'AVAILABLE', available: '10', requested: '11', lot: 'B4' },
    });
    expect(await ledgerCounts(f)).toEqual(before);
  });
});

describe('locks', () => {
  it('a posting to one lot does not wait for an open posting to another lot of the same resource', async () => {
    const item = await f.newResource('G-TWO-LOTS');
    const at = { storageId: f.storage.SDW, resourceId: item };
    await f.post((l) =>
      l.receiveMany(
        [
          ['L1', '2026-12-01'],
          ['L2', '2027-01-01'],
        ].map(([lot, expiryDate]) => ({
          line: { ...at, quantity: '5', unitValue: '1', lot, expiryDate },
          source: f.source(1),
        })),
      ),
    );
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posted = () => {};
    const aPosted = new Promise<void>((resolve) => {
      posted = resolve;
    });
    let aOpen = true;
    // A takes first expiry first (L1) and keeps its transaction open until B has committed: it read
    // both lots as candidates, and locks only the one it took.
    const a = inTx(async (l) => {
      const [taken] = await l.adjust({ ...at, quantity: '-1', reasonId: f.reason.DAMAGED }, f.source(10));
      expect(taken.lot).toBe('L1');
      posted();
      await held;
    }).finally(() => {
      aOpen = false;
    });
    await aPosted;
    // B posts to L2 while A is open: with every lot of the resource locked it would wait for A.
    const b = inTx((l) =>
      l.adjust(
        { ...at, quantity: '-2', reasonId: f.reason.DAMAGED, lot: 'L2', expiryDate: '2027-01-01' },
        f.source(11),
      ),
    );
    const first = await Promise.race([
      b.then(() => 'B'),
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
    ]);
    const bCommittedWhileAOpen = aOpen;
    release();
    await a;
    await b;
    expect(first).toBe('B');
    expect(bCommittedWhileAOpen).toBe(true);
    expect((await balancesOf(f, item)).map((r) => [r.lot, r.on_hand])).toEqual([
      ['L1', '4.000'],
      ['L2', '3.000'],
    ]);
  }, 60_000);
});

describe('locks of transfers and distributions', () => {
  /** A holds its posting open until B has committed: B must not wait for A's locks. */
  async function bDoesNotWait(
    a: (l: LedgerService) => Promise<unknown>,
    b: (l: LedgerService) => Promise<unknown>,
  ) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posted = () => {};
    const aPosted = new Promise<void>((resolve) => {
      posted = resolve;
    });
    let aOpen = true;
    const aRun = inTx(async (l) => {
      await a(l);
      posted();
      await held;
    }).finally(() => {
      aOpen = false;
    });
    await aPosted;
    const bRun = inTx(b);
    const first = await Promise.race([
      bRun.then(() => 'B'),
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
    ]);
    const bCommittedWhileAOpen = aOpen;
    release();
    await aRun;
    await bRun;
    expect(first).toBe('B');
    expect(bCommittedWhileAOpen).toBe(true);
  }

  const lot = (name: string) => ({ lot: name, expiryDate: `2027-0${name.slice(1)}-01` });

  /** A resource with lots L1..L3 (5 each, 3 of each reserved) in SDW and the same lots (1 each) in DON. */
  async function stocked(code: string) {
    const resourceId = await f.newResource(code);
    const names = ['L1', 'L2', 'L3'];
    await f.post((l) =>
      l.receiveMany(
        [f.storage.SDW, f.storage.DON].flatMap((storageId) =>
          names.map((name) => ({
            line: {
              storageId,
              resourceId,
              quantity: storageId === f.storage.SDW ? '5' : '1',
              unitValue: '2',
              ...lot(name),
            },
            source: f.source(1),
          })),
        ),
      ),
    );
    await f.post((l) =>
      l.reserveMany(
        names.map((name) => ({
          line: { storageId: f.storage.SDW, resourceId, quantity: '3', ...lot(name) },
          source: f.source(2),
        })),
      ),
    );
    return resourceId;
  }

  const send = (resourceId: number, name: string, quantity: string) => ({
    line: {
      fromStorageId: f.storage.SDW,
      toStorageId: f.storage.DON,
      resourceId,
      quantity,
      ...lot(name),
      reserved: true,
    },
    source: f.source(3),
  });

  it('a transfer sent from one lot does not wait for an open send from another lot of the same resource', async () => {
    const item = await stocked('G-SEND-LOCK');
    // SEND: every line out of its reservation and into the destination's in-transit, 2 statements.
    await bDoesNotWait(
      async (l) => {
        recorder.clear();
        await l.transferOutMany([send(item, 'L1', '3')]);
        const seen = recorder.texts();
        expect(seen.length, seen.join('\n')).toBe(2);
      },
      (l) => l.transferOutMany([send(item, 'L2', '2'), send(item, 'L3', '1')]),
    );
    expect(
      (await balancesOf(f, item)).map((b) => [b.storage_id, b.lot, b.on_hand, b.reserved, b.in_transit]),
    ).toEqual([
      [f.storage.SDW, 'L1', '2.000', '0.000', '0.000'],
      [f.storage.SDW, 'L2', '3.000', '1.000', '0.000'],
      [f.storage.SDW, 'L3', '4.000', '2.000', '0.000'],
      [f.storage.DON, 'L1', '1.000', '0.000', '3.000'],
      [f.storage.DON, 'L2', '1.000', '0.000', '2.000'],
      [f.storage.DON, 'L3', '1.000', '0.000', '1.000'],
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  }, 60_000);

  it("a distribution's approval does not wait for an open approval posting to another lot", async () => {
    const item = await stocked('G-APPROVE-LOCK');
    // APPROVE as the distribution posts it: lines out of their reservations (to a storage or issued),
    // then what went to a storage received at once: 4 statements.
    const approve = async (l: LedgerService, toStorage: string, issued: string | null) => {
      const sentLine = send(item, toStorage, '3');
      const posted = await l.postMany([
        { op: 'transferOut', ...sentLine },
        ...(issued
          ? [
              {
                op: 'issueReserved' as const,
                line: { storageId: f.storage.SDW, resourceId: item, quantity: '3', ...lot(issued) },
                source: f.source(3),
              },
            ]
          : []),
      ]);
      await l.receiveFromTransitMany([
        {
          line: {
            storageId: f.storage.DON,
            resourceId: item,
            ...lot(toStorage),
            sent: '3',
            received: '3',
            unitValue: posted[0][0].unitValue,
          },
          source: f.source(3),
        },
      ]);
    };
    await bDoesNotWait(
      async (l) => {
        recorder.clear();
        await approve(l, 'L1', 'L3');
        const seen = recorder.texts();
        expect(seen.length, seen.join('\n')).toBe(4);
        expect(
          seen.filter((s) => /for update/.test(s) && !/join i on i\.balance_id = sb\.id/.test(s)),
        ).toEqual([]);
      },
      (l) => approve(l, 'L2', null),
    );
    expect(
      (await balancesOf(f, item)).map((b) => [b.storage_id, b.lot, b.on_hand, b.reserved, b.in_transit]),
    ).toEqual([
      [f.storage.SDW, 'L1', '2.000', '0.000', '0.000'],
      [f.storage.SDW, 'L2', '2.000', '0.000', '0.000'],
      [f.storage.SDW, 'L3', '2.000', '0.000', '0.000'],
      [f.storage.DON, 'L1', '4.000', '0.000', '0.000'],
      [f.storage.DON, 'L2', '4.000', '0.000', '0.000'],
      [f.storage.DON, 'L3', '1.000', '0.000', '0.000'],
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  }, 60_000);
});

describe('a transfer whose lots meet in one destination lot', () => {
  it('sends them leg by leg into that lot, as before', async () => {
    const item = await f.newResource('G-LEGACY-LOT');
    const at = { storageId: f.storage.SDW, resourceId: item };
    await f.post((l) => l.receive({ ...at, quantity: '3', unitValue: '2', lot: 'X' }, f.source(1)));
    // Older postings left lot X in SDW with a second row, dated (the lot rule refuses that today).
    const [row] = await f.sql<{ id: number }>(
      `insert into stock_balance (storage_id, resource_id, lot, expiry_date, on_hand, reserved, in_transit, unit_value,
         updated_at) values (?, ?, 'X', '2027-01-01', 2, 0, 0, 4, now()) returning id`,
      [f.storage.SDW, item],
    );
    await f.sql(
      `insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type, quantity,
         reserved_delta, transit_delta, unit_value, document_type, document_id, created_by_id, created_at)
       values (?, ?, ?, 'X', '2027-01-01', 'RECEIVE', 2, 0, 0, 4, 'TEST_DOC', 1, ?, now())`,
      [row.id, f.storage.SDW, item, f.userId],
    );
    await f.post((l) =>
      l.receive(
        {
          storageId: f.storage.DON,
          resourceId: item,
          quantity: '1',
          unitValue: '1',
          lot: 'X',
          expiryDate: '2027-01-01',
        },
        f.source(1),
      ),
    );
    const sent = await f.post((l) =>
      l.transferOut(
        { fromStorageId: f.storage.SDW, toStorageId: f.storage.DON, resourceId: item, quantity: '4' },
        f.source(4),
      ),
    );
    expect(sent.map((p) => [p.lot, p.expiryDate, p.quantity, p.unitValue])).toEqual([
      ['X', '2027-01-01', '2.000', '4.000000'],
      ['X', null, '2.000', '2.000000'],
    ]);
    expect(
      (await balancesOf(f, item, f.storage.DON)).map((b) => [b.lot, b.expiry_date, b.in_transit]),
    ).toEqual([['X', '2027-01-01', '4.000']]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });
});
