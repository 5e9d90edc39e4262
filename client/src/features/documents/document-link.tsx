import { Button } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { DocumentDetailsDialog } from './document-details-dialog';
import type { DocumentDescriptor } from './document-rules';

export interface DocumentLinkProps {
  descriptor: DocumentDescriptor;
  id: number;
  children: ReactNode;
  /** A hint shown on hover (the document type's name when the link shows only the number). */
  title?: string;
}

/**
 * A document named on another screen (a ledger movement's source, a donation in the history): a
 * link that opens it read-only in the kit's details (header, lines, history, files, receipt).
 */
export function DocumentLink({ descriptor, id, children, title }: DocumentLinkProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="plain"
        size="sm"
        px="0"
        colorPalette="blue"
        textDecoration="underline"
        title={title}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open ? (
        <DocumentDetailsDialog
          screen={{ descriptor, mode: 'VIEW', menuCode: '', level: null }}
          id={id}
          onClose={() => setOpen(false)}
          onChanged={() => {}}
        />
      ) : null}
    </>
  );
}
