import { Badge } from '@chakra-ui/react';
import { currentLanguage } from '../../platform/i18n';
import { type DocumentDescriptor, statusLabel, statusTone } from './document-rules';

/** A document's status in the type's words, coloured by where it stands in the workflow. */
export function DocumentStatusBadge({
  descriptor,
  status,
}: {
  descriptor: DocumentDescriptor;
  status: string;
}) {
  return (
    <Badge colorPalette={statusTone(descriptor, status)}>
      {statusLabel(descriptor, status, currentLanguage())}
    </Badge>
  );
}
