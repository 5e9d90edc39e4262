import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../platform/errors';
import { type DependentDocument, lockPostedLots, stockDependents } from './dependents';
import type { StockMovementType } from './ledger.entity';
import type {
  Adjustment,
  LotPosting,
  ReceiveLine,
  StockLine,
  TransferLine,
  TransitReceipt,
} from './ledger.types';
import {
  isNegative,
  isZero,
  magnitudeOf,
  negate,
  quantityOf,
  quantityOrZeroOf,
  signedQuantityOf,
  unitValueOf,
} from './ledger-values';
import { type LedgerOptions, LotPostings, type PostOptions } from './lot-postings';
import { MoneyLedger } from './money-ledger';
import { reverseDocument } from './reversal';
import { BalancesAhead } from './stock-batch';
import { type BatchLine, decimal, milli } from './stock-plan';
import { type Deltas, type PostingSource, requireId } from './stock-postings';
import { refusalOf } from './stock-refusals';

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

/** Deltas of a quantity q: each column rises by it (+), falls by it (-) or stays (0). */
const deltas =
  (onHand: Sign, reserved: Sign, inTransit: Sign) =>
  (q: string): Deltas => {
    const of = (s: Sign) => (s === '0' ? zero : s === '-' ? negate(q) : q);
    return { onHand: of(onHand), reserved: of(reserved), inTransit: of(inTransit) };
  };
type Sign = '+' | '-' | '0';

/** One operation of a document's posting (postMany). */
export type StockOperation =
  | { op: 'reserve' | 'release' | 'issueReserved'; line: StockLine; source: PostingSource }
  | { op: 'transferOut'; line: TransferLine; source: PostingSource };

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
    const [sent] = await this.postMany([{ op: 'transferOut', line, source }]);
    return sent;
  }

  /**
   * Every line of a transfer sent, both sides, in two statements (stock-batch.ts): the lots each line
   * takes in the source and the same lots in the destination are locked, and only those.
   */
  transferOutMany(lines: { line: TransferLine; source: PostingSource }[]): Promise<LotPosting[][]> {
    return this.postMany(lines.map((l) => ({ op: 'transferOut' as const, ...l })));
  }

  /**
   * Several operations of one document in one posting (two statements when they meet on no lot;
   * one by one otherwise): each operation's lots, in order. A distribution's approval sends some
   * lines to storages and issues others; a delivery issues part of a reservation and releases the
   * rest; an edited transfer releases what it held and reserves again.
   */
  postMany(ops: StockOperation[]): Promise<LotPosting[][]> {
    return this.post(ops.map((o) => this.operationLine(o)));
  }

  private operationLine(o: StockOperation): BatchLine {
    const source = o.source;
    if (o.op !== 'transferOut') {
      const [measure, type, d] =
        o.op === 'reserve'
          ? (['AVAILABLE', 'RESERVE', deltas('0', '+', '0')] as const)
          : o.op === 'release'
            ? (['RESERVED', 'RELEASE', deltas('0', '-', '0')] as const)
            : (['RESERVED', 'ISSUE_RESERVED', deltas('-', '-', '0')] as const);
      return this.outLine(o.line, source, measure, type, d);
    }
    const line = o.line;
    const to = requireId(line.toStorageId, 'คลังปลายทาง', 'toStorageId');
    const from = requireId(line.fromStorageId, 'คลังต้นทาง', 'fromStorageId');
    if (from === to) {
      throw badInput('คลังต้นทางและปลายทางต้องเป็นคนละคลัง', 'The source and destination storages must differ');
    }
    const reserved = line.reserved === true;
    return {
      ...this.outLine(
        { ...line, storageId: from },
        source,
        reserved ? 'RESERVED' : 'AVAILABLE',
        'TRANSFER_OUT',
        deltas('-', reserved ? '-' : '0', '0'),
      ),
      transit: { toStorageId: to, movementType: 'TRANSFER_IN_TRANSIT', deltasFor: deltas('0', '0', '+') },
    };
  }

  /**
   * A transfer received at its destination: in_transit falls by what was sent; on hand rises by
   * what arrived (TRANSFER_RECEIVE); the difference is written off as TRANSFER_MISSING with its reason.
   */
  async receiveFromTransit(
    line: TransitReceipt,
    source: PostingSource,
  ): Promise<{ received: LotPosting | null; missing: string }> {
    const [got] = await this.receiveFromTransitMany([{ line, source }]);
    return got;
  }

  /**
   * Every line of a transfer received: what arrived in one posting (two statements), what is missing
   * in a second one when something is (on rows the first holds). A lot without what was sent in
   * transit is the IN_TRANSIT shortfall, and nothing is written.
   */
  async receiveFromTransitMany(
    lines: { line: TransitReceipt; source: PostingSource }[],
  ): Promise<{ received: LotPosting | null; missing: string }[]> {
    const checked = lines.map(({ line, source }) => {
      this.checkSource(source);
      const sent = quantityOf(line.sent);
      const received = quantityOrZeroOf(line.received);
      if (milli(received) > milli(sent)) {
        throw badInput(
          `รับได้ไม่เกินที่ส่งมา (ส่ง ${sent} รับ ${received}) ส่วนที่เกินให้บันทึกเป็นการปรับปรุงยอด`,
          `Cannot receive more than was sent (${sent} sent, ${received} received); record the excess as an adjustment`,
        );
      }
      const missing = decimal(milli(sent) - milli(received));
      if (!isZero(missing) && !line.reasonId) {
        throw badInput(
          'สิ่งของที่ได้รับน้อยกว่าที่ส่ง ต้องระบุเหตุผลสิ่งของขาด',
          'Less arrived than was sent: give a missing-stock reason',
          { field: 'reasonId' },
        );
      }
      const reasonId = isZero(missing) ? null : requireId(line.reasonId as number, 'เหตุผล', 'reasonId');
      return { line, source, sent, received, missing, reasonId, unitValue: unitValueOf(line.unitValue) };
    });
    const fromTransit = (
      c: (typeof checked)[number],
      quantity: string,
      movementType: StockMovementType,
      onHand: boolean,
      need: string,
    ): BatchLine => ({
      ...this.inLine(c.line, quantity, c.source, movementType, c.unitValue, onHand ? null : c.reasonId),
      deltasFor: deltas(onHand ? '+' : '0', '0', '-'),
      fromTransit: need,
    });
    const arrived = checked.filter((c) => !isZero(c.received));
    const short = checked.filter((c) => !isZero(c.missing));
    // A line of which nothing arrived is first locked by the second posting, after the first one's
    // lots: out of id order, a deadlock with a posting that locks both in one statement (a transfer
    // sent to those lots). Then every line's lot is locked first, in id order, in one statement.
    if (arrived.length && arrived.length < checked.length) {
      await this.stock.lockLots(
        checked.map((c): [number, number, string] => {
          const key = this.keyOf(c.line);
          return [key.storageId, key.resourceId, key.lot];
        }),
      );
    }
    const posted = await this.post(
      arrived.map((c) => fromTransit(c, c.received, 'TRANSFER_RECEIVE', true, c.sent)),
    );
    await this.post(
      short.map((c) =>
        fromTransit(c, c.missing, 'TRANSFER_MISSING', false, isZero(c.received) ? c.sent : c.missing),
      ),
    );
    return checked.map((c) => {
      const i = arrived.indexOf(c);
      return { received: i < 0 ? null : posted[i][0], missing: c.missing };
    });
  }

  /**
   * The balances a posting over these (storage, resource) pairs reads first, as a read the create's
   * opening statement makes (a type's `readAhead`): pass it back as `ahead` to the posting, whose first
   * plan then needs no read of its own. Null for none.
   */
  readAhead(pairs: { storageId: unknown; resourceId: unknown }[]): BalancesAhead | null {
    return BalancesAhead.of(pairs);
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
  adjustMany(
    lines: { line: Adjustment; source: PostingSource }[],
    options: PostOptions = {},
  ): Promise<LotPosting[][]> {
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
      options,
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
   * Locks every lot of these (storage, resource) pairs, in id order, in one statement: only for the
   * stock count, whose START and FINISH fix the point the count measures from (no posting to any lot
   * of a counted resource can come between the book quantities and the movement mark). Postings
   * lock only the lots they change, in their own statement.
   */
  async lockAllLots(pairs: { storageId: number; resourceId: number }[]): Promise<void> {
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

  /**
   * Locks the lots a document has posted to (only those, id order), so what a check reads of them
   * holds until the document's reversal (a goods donation's own dependents check).
   */
  lockPosted(document: { documentType: string; documentId: number }): Promise<void> {
    return lockPostedLots(this.stock, document);
  }
}
