import type { EntityManager } from '@mikro-orm/postgresql';
import { bangkokToday } from '../../platform/dates';
import { badInput } from '../../platform/errors';
import { type DependentDocument, stockDependents } from './dependents';
import type { StockMovementType } from './ledger.entity';
import { lotExpiryConflict } from './ledger.errors';
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
import { MoneyLedger } from './money-ledger';
import { reverseDocument } from './reversal';
import {
  type BalanceKey,
  type Deltas,
  type LotFilter,
  type Measure,
  type PostedMovement,
  type PostingSource,
  requireId,
  type StockChange,
  StockPostings,
} from './stock-postings';
import { placeOf, refusalOf, shortfallAt } from './stock-refusals';

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

export interface LedgerOptions {
  /** Today in Bangkok as 'YYYY-MM-DD' (tests set it); expired lots are not allocated automatically. */
  today?: () => string;
}

const zero = '0';

/**
 * Every change of stock or money goes through here (product-decisions sec. 5, docs/ledger.md).
 * Built on the EntityManager of the document action's transaction: it posts inside that
 * transaction and never opens its own, so a refusal (409 SHORTFALL) rolls the whole action back.
 */
export class LedgerService {
  private readonly stock: StockPostings;
  private readonly today: () => string;
  readonly money: MoneyLedger;

  constructor(em: EntityManager, options: LedgerOptions = {}) {
    if (!em.isInTransaction()) {
      throw new Error(
        'LedgerService posts inside the document action’s transaction: build it in em.transactional',
      );
    }
    this.stock = new StockPostings(em);
    this.money = new MoneyLedger(em, (source) => this.checkSource(source));
    this.today = options.today ?? (() => bangkokToday());
  }

  /** Goods in: creates the lot's balance when new, and weighs the unit value into the lot's. */
  async receive(line: ReceiveLine, source: PostingSource): Promise<LotPosting> {
    this.checkSource(source);
    const quantity = quantityOf(line.quantity);
    const posted = await this.applyIn(
      this.keyOf(line),
      {
        movementType: 'RECEIVE',
        deltas: { onHand: quantity, reserved: zero, inTransit: zero },
        unitValue: unitValueOf(line.unitValue),
      },
      source,
    );
    return this.lotPosting(this.mustPost(posted), quantity);
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
    const quantity = signedQuantityOf(line.quantity);
    const reasonId = requireId(line.reasonId, 'เหตุผล', 'reasonId');
    if (isNegative(quantity)) {
      return this.take(
        { ...line, quantity: magnitudeOf(quantity) },
        source,
        'AVAILABLE',
        'ADJUST_OUT',
        (q) => ({ onHand: negate(q), reserved: zero, inTransit: zero }),
        reasonId,
      );
    }
    this.checkSource(source);
    const posted = await this.applyIn(
      this.keyOf(line),
      {
        movementType: 'ADJUST_IN',
        deltas: { onHand: quantity, reserved: zero, inTransit: zero },
        unitValue: line.unitValue === undefined ? null : unitValueOf(line.unitValue),
        reasonId,
      },
      source,
    );
    return [this.lotPosting(this.mustPost(posted), quantity)];
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

  // --- internals ---------------------------------------------------------------------------------

  private async take(
    line: StockLine,
    source: PostingSource,
    measure: Measure,
    movementType: StockMovementType,
    deltasFor: (quantity: string) => Deltas,
    reasonId: number | null = null,
  ): Promise<LotPosting[]> {
    this.checkSource(source);
    const storageId = requireId(line.storageId, 'คลัง', 'storageId');
    const resourceId = requireId(line.resourceId, 'สิ่งของ', 'resourceId');
    const quantity = quantityOf(line.quantity);
    const filter: LotFilter = {};
    if (line.lot !== undefined) filter.lot = lotOf(line.lot);
    if (line.expiryDate !== undefined) filter.expiryDate = expiryOf(line.expiryDate);
    // Only an automatic choice skips expired lots; a line that names a lot takes it as it is.
    if (measure === 'AVAILABLE' && line.lot === undefined && line.expiryDate === undefined) {
      filter.notExpiredOn = this.today();
    }
    const allocation = await this.stock.allocate(storageId, resourceId, quantity, measure, filter);
    if (!allocation.enough) {
      throw await shortfallAt(this.stock, storageId, resourceId, {
        kind: measure,
        available: allocation.total,
        requested: quantity,
        lot: filter.lot,
        expiryDate: filter.expiryDate,
        expired: allocation.expired,
      });
    }
    const postings: LotPosting[] = [];
    for (const c of allocation.candidates) {
      const deltas = deltasFor(c.take);
      const posted = await this.stock.apply(
        c.balanceId,
        { movementType, deltas, unitValue: null, reasonId },
        source,
      );
      if (!posted) throw await refusalOf(this.stock, c.balanceId, deltas);
      postings.push(this.lotPosting(posted, c.take));
    }
    return postings;
  }

  /**
   * Stock coming into a lot (receive, adjust in, a transfer's destination): the one rule for which
   * balance row a lot is. A lot number already in the storage is that lot: an empty expiry takes
   * the lot's, and another expiry date is refused (409 LOT_EXPIRY_CONFLICT) rather than opening a
   * second balance of the same lot; a unit value left empty (null) keeps the lot's. Goods without a
   * lot number are told apart by their expiry date alone. StockPostings.applyIn applies the rule
   * in its one statement; when it wrote nothing, the lot is read to say why.
   */
  private async applyIn(
    key: BalanceKey,
    change: StockChange,
    source: PostingSource,
  ): Promise<PostedMovement> {
    const posted = await this.stock.applyIn(key, change, source);
    if (posted) return posted;
    await this.bookedLot(key); // throws the conflict
    // Stock coming in has no lower bound to break; a refusal here is a bug, not a shortfall.
    throw new Error('an incoming stock posting was refused');
  }

  /**
   * The balance key of a lot as the storage knows it (the rule of applyIn), or the conflict; locks
   * the lot's rows. A transfer's receipt finds the lot its sending went into by it.
   */
  private async bookedLot(key: BalanceKey): Promise<BalanceKey> {
    if (key.lot === '') return key;
    const onBooks = await this.stock.lotExpiries(key.storageId, key.resourceId, key.lot);
    if (!onBooks.length) return key;
    const dated = onBooks.filter((d): d is string => d !== null);
    if (key.expiryDate === null) {
      // Empty: the lot's one expiry date (even beside a row without one, which older postings left).
      if (dated.length === 1) return { ...key, expiryDate: dated[0] };
      if (dated.length === 0) return key;
    } else if (onBooks.includes(key.expiryDate)) return key;
    throw lotExpiryConflict(
      await placeOf(this.stock, key.storageId, key.resourceId),
      key.lot,
      key.expiryDate,
      onBooks,
    );
  }

  private keyOf(line: { storageId: number; resourceId: number; lot?: string; expiryDate?: string | null }) {
    return {
      storageId: requireId(line.storageId, 'คลัง', 'storageId'),
      resourceId: requireId(line.resourceId, 'สิ่งของ', 'resourceId'),
      lot: lotOf(line.lot),
      expiryDate: expiryOf(line.expiryDate),
    };
  }

  private mustPost(posted: PostedMovement | null): PostedMovement {
    // Stock coming in has no lower bound to break; a refusal here is a bug, not a shortfall.
    if (!posted) throw new Error('an incoming stock posting was refused');
    return posted;
  }

  private lotPosting(posted: PostedMovement, quantity: string): LotPosting {
    return {
      movementId: posted.movementId,
      balanceId: posted.balanceId,
      lot: posted.lot,
      expiryDate: posted.expiryDate,
      quantity,
      unitValue: posted.unitValue,
    };
  }

  private checkSource(source: PostingSource): void {
    const type = typeof source.documentType === 'string' ? source.documentType : '';
    if (!/^[A-Z][A-Z0-9_]{0,39}$/.test(type)) {
      throw new Error(`documentType must be an upper-case name of at most 40 characters, got "${type}"`);
    }
    requireId(source.documentId, 'เลขที่เอกสาร', 'documentId');
    if (source.lineId !== undefined && source.lineId !== null) requireId(source.lineId, 'รายการ', 'lineId');
    requireId(source.userId, 'ผู้บันทึก', 'userId');
  }
}
