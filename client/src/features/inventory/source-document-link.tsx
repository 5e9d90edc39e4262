import { currentLanguage } from '../../platform/i18n';
import type { DocumentDescriptor } from '../documents';
import { DocumentLink } from '../documents';
import { labelOf } from '../reference';
import { sourceText } from './inventory-cells';

export interface SourceDocumentLinkProps {
  descriptors: readonly DocumentDescriptor[];
  documentType: string;
  documentId: number;
  /** The document's number, which the link shows (the type's label and id when there is none). */
  documentNumber?: string | null;
}

/**
 * The document a ledger movement came from: a link that opens it read-only (number, lines, history),
 * or plain text for a source that is not a document of the kit.
 */
export function SourceDocumentLink({
  descriptors,
  documentType,
  documentId,
  documentNumber,
}: SourceDocumentLinkProps) {
  const language = currentLanguage();
  const descriptor = descriptors.find((candidate) => candidate.type === documentType);
  const text = sourceText(descriptors, documentType, documentId, language, documentNumber);
  if (!descriptor) return text;
  return (
    <DocumentLink descriptor={descriptor} id={documentId} title={labelOf(descriptor, language)}>
      {text}
    </DocumentLink>
  );
}
