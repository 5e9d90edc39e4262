import type { ErrorLike } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { ActionDialog } from '../../ui/app-dialog';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { toaster } from '../../ui/toaster';
import { ReferenceItemsQuery } from './reference.operations';
import {
  CommitReferenceImportMutation,
  PreviewReferenceImportMutation,
  ReferenceImportTemplateQuery,
} from './reference-import.operations';
import { downloadText, IMPORT_ACCEPT, IMPORT_MAX_BYTES, readAsBase64 } from './reference-import-file';
import { type ImportResult, ReferenceImportPreview } from './reference-import-preview';
import { labelOf, type ReferenceDescriptor } from './reference-rules';

export interface ReferenceImportDialogProps {
  descriptor: ReferenceDescriptor;
  onClose: () => void;
}

/**
 * Imports a CSV or XLSX file of one reference type in two steps: the server checks every row and
 * shows what it found (nothing is saved), then, when no row is refused, the same file is imported
 * in one transaction.
 */
export function ReferenceImportDialog({ descriptor, onClose }: ReferenceImportDialogProps) {
  const { t } = useTranslation();
  const typeLabel = labelOf(descriptor, currentLanguage());
  const client = useApolloClient();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<{ file: string; fileName: string } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // Each answer gets a fresh preview (its "only errors" choice starts again).
  const [round, setRound] = useState(0);
  const show = (next: ImportResult | null) => {
    setResult(next);
    setRound((n) => n + 1);
  };
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [preview, previewing] = useMutation(PreviewReferenceImportMutation);
  const [commit, committing] = useMutation(CommitReferenceImportMutation, {
    refetchQueries: [ReferenceItemsQuery],
  });
  const [templateLoading, setTemplateLoading] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setFailure(null);
    setTooLarge(Boolean(chosen && chosen.size > IMPORT_MAX_BYTES));
  };

  const check = async () => {
    if (!file || tooLarge) return;
    setFailure(null);
    try {
      const variables = { type: descriptor.type, file: await readAsBase64(file), fileName: file.name };
      const { data } = await preview({ variables });
      setSent({ file: variables.file, fileName: variables.fileName });
      show(data?.previewReferenceImport ?? null);
    } catch (error) {
      setFailure(error as ErrorLike);
    }
  };

  const confirm = async () => {
    if (!sent) return;
    setFailure(null);
    try {
      const { data } = await commit({ variables: { type: descriptor.type, ...sent } });
      const done = data?.commitReferenceImport;
      if (done?.committed) {
        toaster.create({
          type: 'success',
          title: t('reference.importDone', { count: done.total, type: typeLabel }),
        });
        onClose();
      } else if (done) {
        // Something changed since the preview: show what the server found now.
        show(done);
      }
    } catch (error) {
      setFailure(error as ErrorLike);
    }
  };

  const downloadTemplate = async () => {
    setTemplateLoading(true);
    try {
      const { data } = await client.query({
        query: ReferenceImportTemplateQuery,
        variables: { type: descriptor.type },
        fetchPolicy: 'network-only',
      });
      if (data) downloadText(data.referenceImportTemplate.fileName, data.referenceImportTemplate.content);
    } catch (error) {
      setFailure(error as ErrorLike);
    } finally {
      setTemplateLoading(false);
    }
  };

  const ready = result !== null && result.errorRows === 0;
  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={committing.loading}>
        {t('common.cancel')}
      </Button>
      {result ? (
        <Button
          colorPalette="brand"
          onClick={() => void confirm()}
          loading={committing.loading}
          disabled={!ready}
        >
          {t('reference.importConfirm', { count: result.total })}
        </Button>
      ) : (
        <Button
          colorPalette="brand"
          onClick={() => void check()}
          loading={previewing.loading}
          disabled={!file || tooLarge}
        >
          {t('reference.importCheck')}
        </Button>
      )}
    </>
  );

  return (
    <ActionDialog
      title={t('reference.importTitle', { type: typeLabel })}
      size="xl"
      onClose={onClose}
      footer={footer}
    >
      <Stack gap="4">
        <Text>{t('reference.importHelp')}</Text>
        <Button
          variant="outline"
          size="sm"
          alignSelf="start"
          loading={templateLoading}
          onClick={() => void downloadTemplate()}
        >
          <Download aria-hidden />
          {t('reference.importTemplate')}
        </Button>
        <Field.Root invalid={tooLarge}>
          <Field.Label>{t('reference.importFile')}</Field.Label>
          <Input
            type="file"
            accept={IMPORT_ACCEPT}
            p="1"
            onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
          />
          {tooLarge && <Field.ErrorText>{t('reference.importTooLarge')}</Field.ErrorText>}
        </Field.Root>
        <FormErrorAlert error={failure} />
        {result && <ReferenceImportPreview key={round} descriptor={descriptor} result={result} />}
      </Stack>
    </ActionDialog>
  );
}
