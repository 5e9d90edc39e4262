import type { EntityManager } from '@mikro-orm/postgresql';
import { bangkokToday } from '../../platform/dates';
import type { StockMovementType } from './ledger.entity';
import { lotExpiryConflict } from './ledger.errors';
import type { LotPosting, StockLine } from './ledger.types';
import { expiryOf, lotOf, quantityOf } from './ledger-values';
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

export interface LedgerOptions {
  /** Today in Bangkok as 'YYYY-MM-DD' (tests set it); expired lots are not allocated automatically. */
  today?: () => string;
}

/**
 * How a stock posting finds its lots, the ledger's internals (LedgerService posts through them):
 * goods out take lots first expiry first (or the lot a line names), goods in go to the lot the
 * storage knows by its number (lotExpiryConflict otherwise), and every posting names its source.
 */
export abstract class LotPostings {
  protected readonly stock: StockPostings;
  protected readonly today: () => string;

  constructor(em: EntityManager, options: LedgerOptions = {}) {
    if (!em.isInTransaction()) {
      throw new Error(
        'LedgerService posts inside the document action’s transaction: build it in em.transactional',
      );
    }
    this.stock = new StockPostings(em);
    this.today = options.today ?? (() => bangkokToday());
  }

  protected async take(
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
  protected async applyIn(
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
  protected async bookedLot(key: BalanceKey): Promise<BalanceKey> {
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

  protected keyOf(line: { storageId: number; resourceId: number; lot?: string; expiryDate?: string | null }) {
    return {
      storageId: requireId(line.storageId, 'คลัง', 'storageId'),
      resourceId: requireId(line.resourceId, 'สิ่งของ', 'resourceId'),
      lot: lotOf(line.lot),
      expiryDate: expiryOf(line.expiryDate),
    };
  }

  protected mustPost(posted: PostedMovement | null): PostedMovement {
    // Stock coming in has no lower bound to break; a refusal here is a bug, not a shortfall.
    if (!posted) throw new Error('an incoming stock posting was refused');
    return posted;
  }

  protected lotPosting(posted: PostedMovement, quantity: string): LotPosting {
    return {
      movementId: posted.movementId,
      balanceId: posted.balanceId,
      lot: posted.lot,
      expiryDate: posted.expiryDate,
      quantity,
      unitValue: posted.unitValue,
    };
  }

  protected checkSource(source: PostingSource): void {
    const type = typeof source.documentType === 'string' ? source.documentType : '';
    if (!/^[A-Z][A-Z0-9_]{0,39}$/.test(type)) {
      throw new Error(`documentType must be an upper-case name of at most 40 characters, got "${type}"`);
    }
    requireId(source.documentId, 'เลขที่เอกสาร', 'documentId');
    if (source.lineId !== undefined && source.lineId !== null) requireId(source.lineId, 'รายการ', 'lineId');
    requireId(source.userId, 'ผู้บันทึก', 'userId');
  }
}
