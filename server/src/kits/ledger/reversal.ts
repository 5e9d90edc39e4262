import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { MoneyMovementType, StockMovementType } from './ledger.entity';
import { alreadyReversed } from './ledger.errors';
import { negate } from './ledger-values';
import type { MoneyLedger } from './money-ledger';
import type { Deltas, StockPostings } from './stock-postings';

// Cancelling never edits a movement: it posts the opposite as a new one that names the original
// (reversal_of_id, unique: a movement is reversed at most once). The reversal keeps the original's
// type, document and line, so a document's movements net to zero once it is reversed, and the sums
// by type (received, issued, missing) stay true.

interface StockRow {
  id: string;
  balance_id: number;
  movement_type: StockMovementType;
  quantity: string;
  reserved_delta: string;
  transit_delta: string;
  unit_value: string;
  reason_id: number | null;
  document_line_id: number | null;
}

interface MoneyRow {
  id: string;
  account_id: number;
  balance_id: number;
  movement_type: MoneyMovementType;
  amount: string;
  reserved_delta: string;
  document_line_id: number | null;
}

const notReversed = (table: string) =>
  `m.document_type = ? and m.document_id = ? and (?::int is null or m.document_line_id = ?::int)
   and (?::text is null or m.movement_type = any(string_to_array(?::text, ',')))
   and m.reversal_of_id is null
   and not exists (select 1 from ${table} r where r.reversal_of_id = m.id)`;

export async function reverseDocument(
  stock: StockPostings,
  money: MoneyLedger,
  document: {
    documentType: string;
    documentId: number;
    lineId?: number | null;
    movementTypes?: readonly string[];
  },
  userId: number,
  refusal: (balanceId: number, deltas: Deltas) => Promise<Error>,
): Promise<{ stock: number; money: number }> {
  const { documentType, documentId } = document;
  const line = document.lineId ?? null;
  const types = document.movementTypes ? document.movementTypes.join(',') : null;
  const which = [documentType, documentId, line, line, types, types];
  try {
    // Lock the balances first (id order), then read what is left to reverse: a concurrent reversal
    // of the same document has committed by then, and this one finds nothing left.
    // Only the lots the document posted to, in one statement.
    await stock.rows(
      `select id from stock_balance
       where id in (select m.balance_id from stock_movement m where ${notReversed('stock_movement')})
       order by id for update`,
      which,
    );
    const moneyTouched = await money.postings.rows<{ balance_id: number }>(
      `select distinct m.balance_id from money_movement m where ${notReversed('money_movement')}`,
      which,
    );
    if (moneyTouched.length) {
      const ids = moneyTouched.map((r) => r.balance_id);
      await money.postings.rows(
        `select id from money_balance where id in (${ids.map(() => '?').join(', ')}) order by id for update`,
        ids,
      );
    }

    const stockRows = await stock.rows<StockRow>(
      `select m.id, m.balance_id, m.movement_type, m.quantity, m.reserved_delta, m.transit_delta,
         m.unit_value, m.reason_id, m.document_line_id
       from stock_movement m where ${notReversed('stock_movement')} order by m.id desc`,
      which,
    );
    for (const m of stockRows) {
      const deltas: Deltas = {
        onHand: negate(m.quantity),
        reserved: negate(m.reserved_delta),
        inTransit: negate(m.transit_delta),
      };
      const posted = await stock.apply(
        m.balance_id,
        {
          movementType: m.movement_type,
          deltas,
          unitValue: m.unit_value,
          reasonId: m.reason_id,
          reversalOf: String(m.id),
        },
        { documentType, documentId, lineId: m.document_line_id, userId },
      );
      if (!posted) throw await refusal(m.balance_id, deltas);
    }

    const moneyRows = await money.postings.rows<MoneyRow>(
      `select m.id, m.account_id, m.balance_id, m.movement_type, m.amount::text as amount,
         m.reserved_delta::text as reserved_delta, m.document_line_id
       from money_movement m where ${notReversed('money_movement')} order by m.id desc`,
      which,
    );
    for (const m of moneyRows) {
      await money.post(
        m.account_id,
        negate(m.amount),
        m.movement_type,
        { documentType, documentId, lineId: m.document_line_id, userId },
        String(m.id),
        negate(m.reserved_delta),
      );
    }
    return { stock: stockRows.length, money: moneyRows.length };
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw alreadyReversed(documentType, documentId);
    throw err;
  }
}
