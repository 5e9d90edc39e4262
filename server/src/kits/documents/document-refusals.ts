import { AppError } from '../../platform/errors';
import type { DocumentRow, DocumentType, NamedDocument } from './document-kit';

// Refusals a document action gives in the kit's words, for every type.

/**
 * 409 DEPENDENT_DOCUMENTS: cancelling (or cancel-approving) a document that posted goods in is
 * refused while other documents have taken those goods on; it names them, to be cancelled first.
 */
export function dependentsRefusal(
  type: Pick<DocumentType, 'label'>,
  document: Pick<DocumentRow, 'number'>,
  dependents: readonly NamedDocument[],
  /** What the dependents did: took the goods on (default), or were made from the document. */
  why: 'goods' | 'made-from' = 'goods',
): AppError {
  const th = dependents.map((d) => `${d.label.th} ${d.number}`).join(', ');
  const en = dependents.map((d) => `${d.label.en} ${d.number}`).join(', ');
  return new AppError(
    'DEPENDENT_DOCUMENTS',
    409,
    why === 'goods'
      ? `ยกเลิก${type.label.th} ${document.number} ไม่ได้ เพราะสิ่งของที่รับเข้าถูกนำไปใช้ต่อแล้วใน ${th} กรุณายกเลิกเอกสารเหล่านั้นก่อน`
      : `ยกเลิก${type.label.th} ${document.number} ไม่ได้ เพราะมีเอกสารที่อ้างถึงอยู่: ${th} กรุณายกเลิกเอกสารเหล่านั้นก่อน`,
    why === 'goods'
      ? `${type.label.en} ${document.number} cannot be cancelled: the goods it brought in have been taken on by ${en}; cancel those first`
      : `${type.label.en} ${document.number} cannot be cancelled: ${en} refer to it; cancel those first`,
    {
      dependents: dependents.map((d) => ({
        documentType: d.documentType,
        documentId: d.documentId,
        number: d.number,
      })),
    },
  );
}
