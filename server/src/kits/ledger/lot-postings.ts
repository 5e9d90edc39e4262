import type { EntityManager } from '@mikro-orm/postgresql';
import { bangkokToday } from '../../platform/dates';
import type { StockMovementType } from './ledger.entity';
import { lotExpiryConflict } from './ledger.errors';
import type { LotPosting, StockLine } from './ledger.types';
import { expiryOf, lotOf, quantityOf } from './ledger-values';
import { BalancesAhead, closeWithItems, postItems, readBalances } from './stock-batch';
import { type BalanceRow, type BatchLine, milli, planBatch } from './stock-plan';
import {
  type BalanceKey,
  type Deltas,
  type LotFilter,
  type Measure,
  type PostingSource,
  requireId,
  StockPostings,
} from './stock-postings';
import { placeOf, refusalOf, shortfallAt } from './stock-refusals';

/** How many times a batch is planned when guards fail because others took the stock meanwhile. */
const postAttempts = 3;

function fits(row: BalanceRow | undefined, d: Deltas): boolean {
  if (!row) return false;
  const onHand = milli(row.on_hand) + milli(d.onHand);
  const reserved = milli(row.reserved) + milli(d.reserved);
  return (
    onHand >= 0n && reserved >= 0n && milli(row.in_transit) + milli(d.inTransit) >= 0n && reserved <= onHand
  );
}

/** How a posting is sent. */
export interface PostOptions {
  /**
   * The posting is the command's last statement and its caller does not read what it posted: sent
   * as the command's closing statement when the plan allows (platform/db/command-transaction.ts,
   * closeWith), it answers no lots, and a refusal fails the command's COMMIT (SQLSTATE NJ002).
   */
  closing?: boolean;
  /**
   * The balances read ahead of the document's write (LedgerService.readAhead, what a type's
   * `readAhead` gave the effect): the first plan uses them when they are the lines' own pairs.
   */
  ahead?: unknown;
}

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
    const [postings] = await this.post([
      this.outLine(line, source, measure, movementType, deltasFor, reasonId),
    ]);
    return postings;
  }

  /** A line of goods out: first expiry first (skipping expired lots) unless it names its lot. */
  protected outLine(
    line: StockLine,
    source: PostingSource,
    measure: Measure,
    movementType: StockMovementType,
    deltasFor: (quantity: string) => Deltas,
    reasonId: number | null = null,
  ): BatchLine {
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
    return {
      direction: 'OUT',
      storageId,
      resourceId,
      quantity,
      measure,
      filter,
      movementType,
      deltasFor,
      unitValue: null,
      reasonId,
      source,
    };
  }

  /** A line of goods in (on hand rises by the quantity) into the lot the line names. */
  protected inLine(
    line: { storageId: number; resourceId: number; lot?: string; expiryDate?: string | null },
    quantity: string,
    source: PostingSource,
    movementType: StockMovementType,
    unitValue: string | null,
    reasonId: number | null = null,
  ): BatchLine {
    this.checkSource(source);
    const key = this.keyOf(line);
    return {
      direction: 'IN',
      storageId: key.storageId,
      resourceId: key.resourceId,
      quantity,
      key,
      movementType,
      deltasFor: (q) => ({ onHand: q, reserved: '0', inTransit: '0' }),
      unitValue,
      reasonId,
      source,
    };
  }
  /**
   * Posts lines in two statements, however many (stock-batch.ts): an unlocked read and plan, then
   * one statement that locks only the balance rows posted to (id order), checks every guard and
   * writes. A guard that fails because someone took the stock meanwhile plans again (a few times);
   * a shortfall refuses the whole batch, naming the line's resource, storage and lot. Lines that meet
   * on one balance (or goods in and out of one storage and resource) are posted one by one.
   */
  protected async post(lines: BatchLine[], options: PostOptions = {}): Promise<LotPosting[][]> {
    if (!lines.length) return [];
    const ahead = options.ahead instanceof BalancesAhead ? options.ahead.for(lines) : null;
    for (let attempt = 0; ; attempt++) {
      const plan = planBatch(lines, await ((attempt === 0 && ahead) || readBalances(this.stock, lines)));
      if (plan.kind === 'ONE_BY_ONE') {
        // Each line locks its own rows: lock the pairs' lots first, in one order, as one statement.
        await this.stock.lockPairs(
          lines.flatMap((l): [number, number][] => [
            [l.storageId, l.resourceId],
            ...(l.transit ? [[l.transit.toStorageId, l.resourceId] as [number, number]] : []),
          ]),
        );
        if (lines.length === 1 && lines[0].transit) return [await this.legByLeg(lines[0])];
        const out: LotPosting[][] = [];
        for (const line of lines) out.push(...(await this.post([line])));
        return out;
      }
      if (plan.kind === 'LOT_CONFLICT') {
        await this.bookedLot(plan.key); // throws the conflict
        throw new Error('a lot-expiry conflict the books do not show');
      }
      if (plan.kind === 'SHORTFALL') {
        const line = lines[plan.line];
        throw await shortfallAt(this.stock, line.storageId, line.resourceId, {
          kind: plan.measure,
          available: plan.available,
          requested: plan.requested,
          lot: line.filter?.lot ?? line.key?.lot,
          expiryDate: line.filter?.expiryDate ?? line.key?.expiryDate,
          expired: plan.expired,
        });
      }
      // A line that may take other lots when planned again (first expiry first) tries inside a
      // savepoint: a refusal gives its locks back, so the next plan locks in id order holding none.
      const replans = attempt < postAttempts - 1 && plan.several;
      // The command's last statement, and a plan that would not be made again: sent with the COMMIT
      // right behind it (closeWith). Its refusal rolls the command back, to be run again the
      // ordinary way (the caller's); what it posted is not answered.
      if (options.closing && !replans && closeWithItems(this.stock, plan.items)) return lines.map(() => []);
      if (replans) await this.stock.rows('savepoint ledger_post');
      const posted = await postItems(this.stock, plan.items);
      if (replans) await this.stock.rows(`${posted ? 'release' : 'rollback to'} savepoint ledger_post`);
      if (posted) {
        const out: LotPosting[][] = lines.map(() => []);
        // A transit leg is the line's goods arriving elsewhere: the line's answer is what it took.
        for (const [i, p] of posted.entries()) if (plan.items[i].valueFrom === undefined) out[p.line].push(p);
        return out;
      }
      if (attempt >= postAttempts - 1) {
        // The last attempt kept its locks: the first item whose guard still fails says what ran short.
        const rows = new Map((await readBalances(this.stock, lines)).map((r) => [r.id, r]));
        const refused =
          plan.items.find((it) => it.balanceId !== null && !fits(rows.get(it.balanceId), it.deltas)) ??
          plan.items[0];
        throw await refusalOf(this.stock, refused.balanceId as number, refused.deltas);
      }
    }
  }

  /**
   * A line sent whose transit legs meet on one destination row (two source lots of one number, one
   * without an expiry, into a lot with one date): out of the source first, then each lot's leg at the
   * value it left at (the source rows stay locked), one posting each.
   */
  private async legByLeg({ transit, ...line }: BatchLine): Promise<LotPosting[]> {
    if (!transit) throw new Error('legByLeg posts a line sent to another storage');
    const [sent] = await this.post([line]);
    for (const lot of sent) {
      await this.post([
        {
          direction: 'IN',
          storageId: transit.toStorageId,
          resourceId: line.resourceId,
          quantity: lot.quantity,
          key: {
            storageId: transit.toStorageId,
            resourceId: line.resourceId,
            lot: lot.lot,
            expiryDate: lot.expiryDate,
          },
          movementType: transit.movementType,
          deltasFor: transit.deltasFor,
          unitValue: lot.unitValue,
          reasonId: null,
          source: line.source,
        },
      ]);
    }
    return sent;
  }

  /**
   * The balance key of a lot as the storage knows it (the rule planBatch applies to goods in), or the
   * conflict; locks the lot's rows. A plan that met a conflict calls it to word the refusal.
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
