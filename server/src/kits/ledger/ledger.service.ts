import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../platform/errors';
import { type DependentDocument, stockDependents } from './dependents';
import type {
  Adjustment,
  LotPosting,
  ReceiveLine,
  StockLine,
  TransferLine,
  TransitReceipt,
} from './ledger.types';
import {
  expiryOf,
  isNegative,
  isZero,
  lotOf,
  magnitudeOf,
  negate,
  quantityOf,
  quantityOrZeroOf,
  signedQuantityOf,
  unitValueOf,
} from './ledger-values';
import { type LedgerOptions, LotPostings } from './lot-postings';
import { MoneyLedger } from './money-ledger';
import { reverseDocument } from './reversal';
import { type PostingSource, requireId } from './stock-postings';
import { refusalOf, shortfallAt } from './stock-refusals';

export type { DependentDocument } from './dependents';
export type {
  Adjustment,
  LotPosting,
  ReceiveLine,
  StockLine,
  TransferLine,
  TransitReceipt,
} from './ledger.types';
export type { PostingSource } from './stock-postings';

const zero = '0';

/**
 * Every change of stock or money goes through here (product-decisions sec. 5, docs/ledger.md).
 * Built on the EntityManager of the document action's transaction: it posts inside that
 * transaction and never opens its own, so a refusal (409 SHORTFALL) rolls the whole action back.
 */
export class LedgerService extends LotPostings {
  readonly money: MoneyLedger;

  constructor(em: EntityManager, options: LedgerOptions = {}) {
    super(em, options);
    this.money = new MoneyLedger(em, (source) => this.checkSource(source));
  }

  /** Goods in: creates the lot's balance when new, and weighs the unit value into the lot's. */
  async receive(line: ReceiveLine, source: PostingSource): Promise<LotPosting> {
    const [[posted]] = await this.receiveMany([{ line, source }]);
    return posted;
  }

  /** Every line of a document's goods in, in two statements (one lot each). */
  receiveMany(lines: { line: ReceiveLine; source: PostingSource }[]): Promise<LotPosting[][]> {
    return this.post(
      lines.map(({ line, source }) =>
        this.inLine(line, quantityOf(line.quantity), source, 'RECEIVE', unitValueOf(line.unitValue)),
      ),
    );
  }

  /** Goods out of free stock (first expiry first unless the line names its lot). */
  issue(line: StockLine, source: PostingSource): Promise<LotPosting[]> {
    return this.take(line, source, 'AVAILABLE', 'ISSUE', (q) => ({
      onHand: negate(q),
      reserved: zero,
      inTransit: zero,
    }));
  }

  /** Sets free stock aside for a document (an approved disbursement); on hand is unchanged. */
  reserve(line: StockLine, source: PostingSource): Promise<LotPosting[]> {
    return this.take(line, source, 'AVAILABLE', 'RESERVE', (q) => ({
      onHand: zero,
      reserved: q,
      inTransit: zero,
    }));
  }

  /** Gives a reservation back (a cancelled disbursement); name the lots reserve returned. */
  release(line: StockLine, source: PostingSource): Promise<LotPosting[]> {
    return this.take(line, source, 'RESERVED', 'RELEASE', (q) => ({
      onHand: zero,
      reserved: negate(q),
      inTransit: zero,
    }));
  }

  /** Goods out of a reservation (the delivery of an approved disbursement). */
  issueReserved(line: StockLine, source: PostingSource): Promise<LotPosting[]> {
    return this.take(line, source, 'RESERVED', 'ISSUE_RESERVED', (q) => ({
      onHand: negate(q),
      reserved: negate(q),
      inTransit: zero,
    }));
  }

  /**
   * A transfer sent: out of the source storage (TRANSFER_OUT) and into the destination's in-transit
   * column (TRANSFER_IN_TRANSIT), lot by lot, at the source's unit value. It takes free stock, or with
   * `reserved` the reservation the transfer made when it was saved (reserved falls with on hand).
   * Keep the returned lots on the transfer: receiveFromTransit takes them back.
   */
  async transferOut(line: TransferLine, source: PostingSource): Promise<LotPosting[]> {
    const to = requireId(line.toStorageId, 'คลังปลายทาง', 'toStorageId');
    const from = requireId(line.fromStorageId, 'คลังต้นทาง', 'fromStorageId');
    if (from === to) {
      throw badInput('คลังต้นทางและปลายทางต้องเป็นคนละคลัง', 'The source and destination storages must differ');
    }
    await this.stock.lock(requireId(line.resourceId, 'สิ่งของ', 'resourceId'), [from, to]);
    const reserved = line.reserved === true;
    const sent = await this.take(
      { ...line, storageId: from },
      source,
      reserved ? 'RESERVED' : 'AVAILABLE',
      'TRANSFER_OUT',
      (q) => ({ onHand: negate(q), reserved: reserved ? negate(q) : zero, inTransit: zero }),
    );
    for (const lot of sent) {
      const posted = await this.applyIn(
        { storageId: to, resourceId: line.resourceId, lot: lot.lot, expiryDate: lot.expiryDate },
        {
          movementType: 'TRANSFER_IN_TRANSIT',
          deltas: { onHand: zero, reserved: zero, inTransit: lot.quantity },
          unitValue: lot.unitValue,
        },
        source,
      );
      this.mustPost(posted);
    }
    return sent;
  }

  /**
   * A transfer received at its destination: in_transit falls by what was sent; on hand rises by
   * what arrived (TRANSFER_RECEIVE); the difference is written off as TRANSFER_MISSING with its reason.
   */
  async receiveFromTransit(
    line: TransitReceipt,
    source: PostingSource,
  ): Promise<{ received: LotPosting | null; missing: string }> {
    this.checkSource(source);
    const storageId = requireId(line.storageId, 'คลัง', 'storageId');
    const resourceId = requireId(line.resourceId, 'สิ่งของ', 'resourceId');
    const sent = quantityOf(line.sent);
    const received = quantityOrZeroOf(line.received);
    const unitValue = unitValueOf(line.unitValue);
    const [{ missing, over }] = await this.stock.rows<{ missing: string; over: boolean }>(
      'select (?::numeric - ?::numeric)::text as missing, ?::numeric > ?::numeric as over',
      [sent, received, received, sent],
    );
    if (over) {
      throw badInput(
        `รับได้ไม่เกินที่ส่งมา (ส่ง ${sent} รับ ${received}) ส่วนที่เกินให้บันทึกเป็นการปรับปรุงยอด`,
        `Cannot receive more than was sent (${sent} sent, ${received} received); record the excess as an adjustment`,
      );
    }
    const hasMissing = !isZero(missing);
    if (hasMissing && !line.reasonId) {
      throw badInput(
        'สิ่งของที่ได้รับน้อยกว่าที่ส่ง ต้องระบุเหตุผลสิ่งของขาด',
        'Less arrived than was sent: give a missing-stock reason',
        { field: 'reasonId' },
      );
    }
    const key = await this.bookedLot({
      storageId,
      resourceId,
      lot: lotOf(line.lot),
      expiryDate: expiryOf(line.expiryDate),
    });
    const [row] = await this.stock.rows<{ id: number; in_transit: string }>(
      `select id, in_transit::text as in_transit from stock_balance
       where storage_id = ? and resource_id = ? and lot = ? and expiry_date is not distinct from ?::date
       for update`,
      [key.storageId, key.resourceId, key.lot, key.expiryDate],
    );
    // The row is locked: its in_transit is what the guarded statements below see.
    const refuse = () =>
      shortfallAt(this.stock, storageId, resourceId, {
        kind: 'IN_TRANSIT',
        available: row?.in_transit ?? zero,
        requested: sent,
        lot: key.lot,
        expiryDate: key.expiryDate,
      });
    if (!row) throw await refuse();
    let result: LotPosting | null = null;
    if (!isZero(received)) {
      const posted = await this.stock.apply(
        row.id,
        {
          movementType: 'TRANSFER_RECEIVE',
          deltas: { onHand: received, reserved: zero, inTransit: negate(received) },
          unitValue,
        },
        source,
      );
      if (!posted) throw await refuse();
      result = this.lotPosting(posted, received);
    }
    if (hasMissing) {
      const posted = await this.stock.apply(
        row.id,
        {
          movementType: 'TRANSFER_MISSING',
          deltas: { onHand: zero, reserved: zero, inTransit: negate(missing) },
          unitValue,
          reasonId: requireId(line.reasonId as number, 'เหตุผล', 'reasonId'),
        },
        source,
      );
      if (!posted) throw await refuse();
    }
    return { received: result, missing };
  }

  /** A correction with a reason (stock count, damage, found goods): signed quantity. */
  async adjust(line: Adjustment, source: PostingSource): Promise<LotPosting[]> {
    const [posted] = await this.adjustMany([{ line, source }]);
    return posted;
  }

  /**
   * Every line of an adjustment (or a stock count's differences) in two statements whatever their
   * number, refused as a whole when one runs short: what each line took, lot by lot.
   */
  adjustMany(lines: { line: Adjustment; source: PostingSource }[]): Promise<LotPosting[][]> {
    return this.post(
      lines.map(({ line, source }) => {
        const quantity = signedQuantityOf(line.quantity);
        const reasonId = requireId(line.reasonId, 'เหตุผล', 'reasonId');
        if (isNegative(quantity)) {
          return this.outLine(
            { ...line, quantity: magnitudeOf(quantity) },
            source,
            'AVAILABLE',
            'ADJUST_OUT',
            (q) => ({
              onHand: negate(q),
              reserved: zero,
              inTransit: zero,
            }),
            reasonId,
          );
        }
        const unitValue = line.unitValue === undefined ? null : unitValueOf(line.unitValue);
        return this.inLine(line, quantity, source, 'ADJUST_IN', unitValue, reasonId);
      }),
    );
  }

  /** Sets free stock aside for each line of a document in two statements (first expiry first). */
  reserveMany(lines: { line: StockLine; source: PostingSource }[]): Promise<LotPosting[][]> {
    return this.post(
      lines.map(({ line, source }) =>
        this.outLine(line, source, 'AVAILABLE', 'RESERVE', (q) => ({
          onHand: zero,
          reserved: q,
          inTransit: zero,
        })),
      ),
    );
  }

  /** Gives each line's reservation back in two statements; name the lots reserve returned. */
  releaseMany(lines: { line: StockLine; source: PostingSource }[]): Promise<LotPosting[][]> {
    return this.post(
      lines.map(({ line, source }) =>
        this.outLine(line, source, 'RESERVED', 'RELEASE', (q) => ({
          onHand: zero,
          reserved: negate(q),
          inTransit: zero,
        })),
      ),
    );
  }

  /**
   * Locks every balance row of these (storage, resource) pairs in one stable order. A document with
   * several lines calls it first, so two documents over the same goods queue instead of deadlocking.
   */
  async lock(pairs: { storageId: number; resourceId: number }[]): Promise<void> {
    await this.stock.lockPairs(
      pairs.map((p) => [
        requireId(p.storageId, 'คลัง', 'storageId'),
        requireId(p.resourceId, 'สิ่งของ', 'resourceId'),
      ]),
    );
  }

  /**
   * Posts the opposite of a document's movements (stock and money) that are not reversed yet, as new
   * rows linked to the originals, newest first; refused like any posting when the stock or money
   * has moved on (a receipt whose goods were issued). `movementTypes` limits it to movements of
   * those types (a delivery cancelled reverses its ISSUE_RESERVED and RELEASE, not the reservation).
   */
  reverse(
    document: {
      documentType: string;
      documentId: number;
      lineId?: number | null;
      movementTypes?: readonly string[];
    },
    userId: number,
  ): Promise<{ stock: number; money: number }> {
    this.checkSource({ ...document, userId });
    return reverseDocument(this.stock, this.money, document, userId, (balanceId, deltas) =>
      refusalOf(this.stock, balanceId, deltas),
    );
  }

  /**
   * The documents that have taken on goods this document brought in (reserved, sent, issued or
   * written off from its lots, which no longer hold what it brought): a cancel that would reverse it
   * names them and is refused. Locks the lots first; empty when the reversal can go ahead.
   */
  dependents(document: { documentType: string; documentId: number }): Promise<DependentDocument[]> {
    return stockDependents(this.stock, document);
  }
}
