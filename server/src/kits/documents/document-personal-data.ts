import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import type { Principal } from '../../platform/auth/principal';
import { idOf } from '../reference/reference-view';
import type { DocumentType as DocumentKind, DocumentRow } from './document-kit';

/**
 * The request's audit of personal data (PDPA): a document shown with a header field naming a
 * personal-data item (a donation's donor) notes that item as read.
 */
export function notePersonalFields(
  type: DocumentKind,
  principal: Principal,
  rows: readonly DocumentRow[],
  via: string,
): void {
  for (const f of type.header) {
    const target = f.kind === 'reference' ? f.refType?.() : undefined;
    if (!target?.personalData) continue;
    notePersonalDataRead(
      principal,
      target.type,
      rows.map((r) => idOf(r[f.name])),
      via,
    );
  }
}
