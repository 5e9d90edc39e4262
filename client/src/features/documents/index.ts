// The front door of this feature: what other features and the routes may use (issue 23).
export { DocumentAttachments } from './document-attachments';
export { DocumentDetailsDialog } from './document-details-dialog';
export { ATTACHMENT_ACCEPT, formatFileSize } from './document-files';
export { DocumentFormDialog } from './document-form-dialog';
export { DocumentHistory } from './document-history';
export { DocumentLink } from './document-link';
export { DocumentListFrame } from './document-list-frame';
export { DocumentRefSelect, EditedDocumentContext } from './document-ref-select';
export type { DocumentDescriptor, DocumentField } from './document-rules';
export { statusLabel, transitionOf } from './document-rules';
export { DocumentStatusBadge } from './document-status-badge';
export {
  CreateDocumentMutation,
  DocumentQuery,
  DocumentsQuery,
  DocumentTypesQuery,
} from './documents.operations';
export { DOCUMENT_SCREEN_KEYS, DOCUMENT_SCREENS } from './documents.screens';
export { useDocumentTypes } from './use-document-types';
