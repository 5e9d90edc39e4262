import type { StockPostings } from './stock-postings';

// What stands in the way of reversing a document that brought goods in (a confirmed provide-resource,
// an approved goods donation): other documents that have since taken goods out of the same lots.

export interface DependentDocument {
  documentType: string;
  documentId: number;
}

/**
 * Goods in a lot cannot be told apart, so a document's goods count as moved on when a lot it brought
 * goods into no longer has them free (on hand less reserved is below what the document brought, net
 * of what it reversed already): its reversal would take goods another document holds or took. The
 * answer names every document that took from such a lot after the document's posting and still
 * holds or took goods there (its movements on the lot come to less free stock: reserved, sent,
 * issued, written off), oldest first; empty when the reversal can go ahead. The lots are locked
 * first (id order), so no posting can change the answer before the caller reverses.
 */
/** Locks the lots a document has posted to, and only those, in id order (one statement). */
export async function lockPostedLots(stock: StockPostings, document: DependentDocument): Promise<void> {
  await stock.rows(
    `select id from stock_balance
     where id in (select balance_id from stock_movement where document_type = ? and document_id = ?)
     order by id for update`,
    [document.documentType, document.documentId],
  );
}

export async function stockDependents(
  stock: StockPostings,
  document: DependentDocument,
): Promise<DependentDocument[]> {
  const which = [document.documentType, document.documentId];
  await lockPostedLots(stock, document);
  const rows = await stock.rows<{ document_type: string; document_id: number }>(
    `with ours as (
       select balance_id, min(id) as first_id, sum(quantity) as brought
       from stock_movement where document_type = ? and document_id = ?
       group by balance_id
     ), short as (
       select o.balance_id, o.first_id from ours o join stock_balance b on b.id = o.balance_id
       where o.brought > 0 and b.on_hand - b.reserved < o.brought
     )
     select m.document_type, m.document_id
     from stock_movement m join short s on s.balance_id = m.balance_id
     where m.id > s.first_id and not (m.document_type = ? and m.document_id = ?)
     group by m.document_type, m.document_id
     having sum(m.quantity - m.reserved_delta) < 0
     order by min(m.id)`,
    [...which, ...which],
  );
  return rows.map((r) => ({ documentType: r.document_type, documentId: Number(r.document_id) }));
}
