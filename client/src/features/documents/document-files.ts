import type { DocumentAttachmentsFieldsFragment } from '../../gql/graphql';
import type { Language } from '../../platform/language';

// A document's attachments on the client: what the file picker offers, how a size reads, and the
// checks made before an upload (the server checks again and has the last word: platform/files).

export type DocumentAttachment = DocumentAttachmentsFieldsFragment['attachments'][number];
export type AttachmentLimits = DocumentAttachmentsFieldsFragment['attachmentLimits'];

/** What the server keeps (judged there by content): JPEG, PNG and WebP images and PDF documents. */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** The upload route: POST, multipart, one file in the field "file" (server platform/files). */
export const attachmentUploadUrl = (kind: string, documentId: number) =>
  `/api/files/${encodeURIComponent(kind)}/${documentId}`;

/** 2 MB, 1.5 MB, 500 KB, 300 bytes: binary units, as the server's messages and file managers say. */
export function formatFileSize(bytes: number, language: Language): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} ${language === 'en' ? 'bytes' : 'ไบต์'}`;
}

/** Why a chosen file is not sent. */
export type FileRefusal =
  | { reason: 'tooLarge'; fileName: string }
  | { reason: 'empty'; fileName: string }
  | { reason: 'tooMany'; fileName: string };

/**
 * Splits the chosen files into those to send, in order, and those refused here: empty, over the
 * size limit, or past the count limit given the files the document already has.
 */
export function checkChosenFiles(
  files: readonly File[],
  attached: number,
  limits: AttachmentLimits,
): { send: File[]; refused: FileRefusal[] } {
  const send: File[] = [];
  const refused: FileRefusal[] = [];
  for (const file of files) {
    if (file.size === 0) refused.push({ reason: 'empty', fileName: file.name });
    else if (file.size > limits.maxBytes) refused.push({ reason: 'tooLarge', fileName: file.name });
    else if (attached + send.length >= limits.maxFiles)
      refused.push({ reason: 'tooMany', fileName: file.name });
    else send.push(file);
  }
  return { send, refused };
}
