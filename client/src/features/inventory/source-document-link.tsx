import { currentLanguage } from '../../platform/i18n';
import { DocumentLink } from '../documents/document-link';
import type { DocumentDescriptor } from '../documents/document-rules';
import { sourceText } from './inventory-cells';

export interface SourceDocumentLinkProps {
  descriptors: readonly DocumentDescriptor[];
  documentType: string;
  documentId: number;
}

/**
 * The document a ledger movement came from: a link that opens it read-only (number, lines, history),
 * or plain text for a source that is not a document of the kit.
 */
export function SourceDocumentLink({ descriptors, documentType, documentId }: SourceDocumentLinkProps) {
  const language = currentLanguage();
  const descriptor = descriptors.find((candidate) => candidate.type === documentType);
  const text = sourceText(descriptors, documentType, documentId, language);
  if (!descriptor) return text;
  return (
    <DocumentLink descriptor={descriptor} id={documentId}>
      {text}
    </DocumentLink>
  );
}
