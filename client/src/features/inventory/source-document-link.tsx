import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { currentLanguage } from '../../platform/i18n';
import { DocumentDetailsDialog } from '../documents/document-details-dialog';
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
  const [open, setOpen] = useState(false);
  const descriptor = descriptors.find((candidate) => candidate.type === documentType);
  const text = sourceText(descriptors, documentType, documentId, language);
  if (!descriptor) return text;
  return (
    <>
      <Button variant="plain" size="sm" px="0" colorPalette="blue" onClick={() => setOpen(true)}>
        {text}
      </Button>
      {open ? (
        <DocumentDetailsDialog
          screen={{ descriptor, mode: 'VIEW', menuCode: '', level: null }}
          id={documentId}
          onClose={() => setOpen(false)}
          onChanged={() => {}}
        />
      ) : null}
    </>
  );
}
