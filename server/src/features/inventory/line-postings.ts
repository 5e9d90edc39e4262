import type { DocumentLineRow, EffectContext } from '../../kits/documents/document-kit';
import type { PostingSource } from '../../kits/ledger/ledger.service';

// What the inventory documents pass the ledger about one of their lines.

/** The document action and line a posting comes from. */
export const postingSource = (ctx: EffectContext, line: DocumentLineRow): PostingSource => ({
  documentType: ctx.type.type,
  documentId: ctx.document.id,
  lineId: line.id,
  userId: ctx.principal.userId,
});

/** A line's lot as the ledger keys it: '' for goods without a lot number; expiry 'YYYY-MM-DD' or null. */
export const lotKey = (line: DocumentLineRow) => ({
  lot: line.lot ? String(line.lot) : '',
  expiryDate: line.expiryDate ? String(line.expiryDate) : null,
});
