import type { ErrorLike } from '@apollo/client';
import { Alert, Button, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Paperclip, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentAttachmentsFieldsFragment } from '../../gql/graphql';
import { useApiFetch } from '../../platform/api-fetch';
import { formatBEDateTime } from '../../platform/dates';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { toaster } from '../../ui/toaster';
import {
  ATTACHMENT_ACCEPT,
  attachmentUploadUrl,
  checkChosenFiles,
  type DocumentAttachment,
  type FileRefusal,
  formatFileSize,
} from './document-files';

const TYPE_LABELS = {
  'application/pdf': 'documents.fileTypePdf',
  'image/jpeg': 'documents.fileTypeJpeg',
  'image/png': 'documents.fileTypePng',
  'image/webp': 'documents.fileTypeWebp',
} as const;

const isKnownType = (mediaType: string): mediaType is keyof typeof TYPE_LABELS => mediaType in TYPE_LABELS;

export interface DocumentAttachmentsProps {
  document: DocumentAttachmentsFieldsFragment & { id: number; number: string };
  /** This screen offers changes (a work screen of the type); the server's attachmentsEditable decides the rest. */
  offersChanges: boolean;
  /** Files were added or removed, or a change was refused: the document loads again. */
  onChanged: () => Promise<unknown>;
}

/**
 * A document's files, for every type: each downloads with the session's token (GET /api/files/:id),
 * and a person the server lets change them (attachmentsEditable) adds files, one request each, and
 * removes one after confirming. Sizes and counts are checked here with the limits the server
 * announces; the server checks again, judges the type by content, and its words are shown.
 */
export function DocumentAttachments({ document, offersChanges, onChanged }: DocumentAttachmentsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const api = useApiFetch();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const [refused, setRefused] = useState<FileRefusal[]>([]);
  const [removing, setRemoving] = useState<DocumentAttachment | null>(null);
  const limits = document.attachmentLimits;
  const maxSize = formatFileSize(limits.maxBytes, language);
  const canChange = offersChanges && document.attachmentsEditable;

  const add = async (chosen: File[]) => {
    setFailure(null);
    const { send, refused: refusedHere } = checkChosenFiles(chosen, document.attachments.length, limits);
    setRefused(refusedHere);
    if (send.length === 0) return;
    setBusy(true);
    let added = 0;
    try {
      // One file per request, as the server takes them; the first refusal stops the rest.
      for (const file of send) {
        const body = new FormData();
        body.append('file', file, file.name);
        await api(attachmentUploadUrl(document.attachmentKind, document.id), { method: 'POST', body });
        added += 1;
      }
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    // Loaded again either way: new files appear, and a refusal (cancelled meanwhile) hides the controls.
    await onChanged().catch(() => undefined);
    setBusy(false);
    if (added > 0) {
      toaster.create({
        type: 'success',
        title: t('documents.filesAdded', { number: document.number, count: added }),
      });
    }
  };

  const download = async (file: DocumentAttachment) => {
    setFailure(null);
    try {
      const response = await api(file.url);
      downloadBlob(file.fileName, await response.blob());
    } catch (error) {
      setFailure(error as ErrorLike);
    }
  };

  const remove = async (file: DocumentAttachment) => {
    setFailure(null);
    setBusy(true);
    try {
      await api(file.url, { method: 'DELETE' });
      toaster.create({ type: 'success', title: t('documents.fileRemoved', { name: file.fileName }) });
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    setRemoving(null);
    await onChanged().catch(() => undefined);
    setBusy(false);
  };

  const columns: DataTableColumn<DocumentAttachment>[] = [
    {
      id: 'fileName',
      header: t('documents.fileName'),
      cell: (file) => (
        <Link asChild colorPalette="brand" variant="underline">
          <button type="button" onClick={() => void download(file)}>
            {file.fileName}
          </button>
        </Link>
      ),
    },
    {
      id: 'mediaType',
      header: t('documents.fileType'),
      cell: (file) => (isKnownType(file.mediaType) ? t(TYPE_LABELS[file.mediaType]) : file.mediaType),
    },
    {
      id: 'size',
      header: t('documents.fileSize'),
      align: 'end',
      cell: (file) => formatFileSize(file.size, language),
    },
    {
      id: 'createdAt',
      header: t('documents.fileUploadedAt'),
      cell: (file) => (typeof file.createdAt === 'string' ? formatBEDateTime(file.createdAt) : ''),
    },
    ...(canChange
      ? [
          {
            id: 'remove',
            header: '',
            align: 'end' as const,
            cell: (file: DocumentAttachment) => (
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('documents.removeFile', { name: file.fileName })}
                disabled={busy}
                onClick={() => setRemoving(file)}
              >
                <Trash2 aria-hidden />
              </IconButton>
            ),
          },
        ]
      : []),
  ];

  const refusalText = (refusal: FileRefusal) => {
    if (refusal.reason === 'tooLarge')
      return t('documents.fileTooLarge', { name: refusal.fileName, maxSize });
    if (refusal.reason === 'empty') return t('documents.fileEmpty', { name: refusal.fileName });
    return t('documents.tooManyFiles', { name: refusal.fileName, maxFiles: limits.maxFiles });
  };

  return (
    <Stack gap="3" role="region" aria-label={t('documents.attachments')}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h3" size="md">
          {t('documents.attachments')}
        </Heading>
        {canChange && (
          <>
            <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
              <Paperclip aria-hidden />
              {t('documents.addFiles')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              multiple
              accept={ATTACHMENT_ACCEPT}
              aria-label={t('documents.chooseFiles')}
              onChange={(event) => {
                const chosen = Array.from(event.currentTarget.files ?? []);
                // Cleared so that choosing the same file again is a change too.
                event.currentTarget.value = '';
                void add(chosen);
              }}
            />
          </>
        )}
      </HStack>
      {canChange && (
        <Text textStyle="sm" color="fg.muted">
          {t('documents.attachmentsHelp', { maxFiles: limits.maxFiles, maxSize })}
        </Text>
      )}
      {refused.length > 0 && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {refused.map((refusal) => (
              <Alert.Title key={`${refusal.reason}:${refusal.fileName}`}>{refusalText(refusal)}</Alert.Title>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      <FormErrorAlert error={failure} />
      <DataTable
        caption={t('documents.attachments')}
        columns={columns}
        rows={document.attachments}
        rowKey={(file) => file.id}
        emptyText={t('documents.noAttachments')}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('documents.removeFileTitle')}
        message={
          removing
            ? t('documents.removeFileConfirm', { name: removing.fileName, number: document.number })
            : ''
        }
        confirmLabel={t('documents.removeFileAction')}
        danger
        loading={busy}
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
