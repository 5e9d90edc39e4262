import type { ErrorLike } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';
import { useIdempotencyKey } from '../../platform/idempotency-key';
import { DetailsDialog, FormDialog } from '../../ui/app-dialog';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { TextareaField } from '../../ui/form/textarea-field';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { toaster } from '../../ui/toaster';
import { displayIn, labelOf, ReferenceFormField, ReferenceInlineCreateProvider } from '../reference';
import {
  type DocumentFormValues,
  documentErrorPath,
  documentFormSchema,
  initialDocumentValues,
  LINE_KEY,
  toDocumentInput,
} from './document-form-values';
import { DocumentLinesEditor } from './document-lines-editor';
import { DocumentRefSelect, EditedDocumentContext } from './document-ref-select';
import { type DocumentDescriptor, entryFields } from './document-rules';
import { CreateDocumentMutation, DocumentQuery, UpdateDocumentMutation } from './documents.operations';

type LoadedDocument = NonNullable<ReturnType<typeof useDocument>['document']>;

function useDocument(descriptor: DocumentDescriptor, id: number | null) {
  // The version sent with the edit must be the one on the server now, so the form never starts
  // from a cached copy.
  const query = useQuery(DocumentQuery, {
    variables: { type: descriptor.type, id: id ?? 0 },
    skip: id === null,
    fetchPolicy: 'network-only',
  });
  return { document: query.data?.document ?? null, loading: query.loading, error: query.error };
}

export interface DocumentFormDialogProps {
  descriptor: DocumentDescriptor;
  /** The document to edit; null to write a new one. */
  documentId: number | null;
  onClose: () => void;
  /** After a save, and after an edit refused as stale: the list loads again. */
  onSaved: () => void;
}

/** Writes a new document or edits one, for any type: header fields, a remark and the lines. */
export function DocumentFormDialog(props: DocumentFormDialogProps) {
  // The form's pick lists may offer "add new" (the field's inlineCreateMenuCodes).
  return (
    <ReferenceInlineCreateProvider>
      <DocumentFormLoader {...props} />
    </ReferenceInlineCreateProvider>
  );
}

function DocumentFormLoader({ descriptor, documentId, onClose, onSaved }: DocumentFormDialogProps) {
  const { document, loading, error } = useDocument(descriptor, documentId);
  if (documentId === null || document) {
    return <DocumentForm descriptor={descriptor} document={document} onClose={onClose} onSaved={onSaved} />;
  }
  return (
    <DetailsDialog title={labelOf(descriptor, currentLanguage())} onClose={onClose}>
      {loading ? <LoadingState /> : <ErrorState error={error} notFound={!error} />}
    </DetailsDialog>
  );
}

interface DocumentFormProps {
  descriptor: DocumentDescriptor;
  document: LoadedDocument | null;
  onClose: () => void;
  onSaved: () => void;
}

function DocumentForm({ descriptor, document, onClose, onSaved }: DocumentFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [create] = useMutation(CreateDocumentMutation);
  const [update] = useMutation(UpdateDocumentMutation);
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const schema = useMemo(() => documentFormSchema(descriptor), [descriptor]);
  const initialValues = useMemo(() => initialDocumentValues(descriptor, document), [descriptor, document]);
  const displays = useMemo(
    () =>
      new Map(
        initialValues.lines.map((line, index) => [
          line[LINE_KEY],
          displayIn(document?.lines[index], language),
        ]),
      ),
    [initialValues, document, language],
  );
  const headerDisplay = displayIn(document, language);
  const typeLabel = labelOf(descriptor, language);
  const title = document
    ? t('documents.editTitle', { type: typeLabel, number: document.number })
    : t('documents.createTitle', { type: typeLabel });

  const save = async (values: DocumentFormValues) => {
    const input = toDocumentInput(descriptor, values);
    if (document) {
      const result = await update({
        variables: { type: descriptor.type, id: document.id, version: document.version, input },
      });
      return result.data?.updateDocument;
    }
    const result = await create({
      variables: { type: descriptor.type, input, idempotencyKey: idempotencyKey.current(input) },
    });
    return result.data?.createDocument;
  };

  const submit = async (values: DocumentFormValues, helpers: FormikHelpers<DocumentFormValues>) => {
    setFailure(null);
    let saved: Awaited<ReturnType<typeof save>>;
    try {
      saved = await save(values);
    } catch (caught) {
      const error = caught as ErrorLike;
      if (document && apiErrorCode(error) === 'CONFLICT') {
        // Someone else changed it first: say so in the server's words and start again from theirs.
        toaster.create({ type: 'error', title: apiErrorMessage(error, language) ?? t('common.actionError') });
        onSaved();
        onClose();
        return;
      }
      const fieldErrors = apiFieldErrors(error, language);
      let placed = 0;
      for (const fieldError of fieldErrors) {
        const path = documentErrorPath(descriptor, fieldError.field);
        if (path === null) continue;
        helpers.setFieldError(path, fieldError.message);
        placed += 1;
      }
      // Errors not tied to an entered field (no permission, a refusal of the whole) go above the buttons.
      if (placed === 0 || placed < fieldErrors.length) setFailure(error);
      return;
    }
    idempotencyKey.reset();
    if (saved) {
      toaster.create({ type: 'success', title: t('documents.saved', { number: saved.number }) });
      onSaved();
    }
    onClose();
  };

  return (
    <FormDialog
      title={title}
      size="xl"
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={submit}
      onClose={onClose}
    >
      <EditedDocumentContext.Provider value={document?.id ?? null}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {entryFields(descriptor.header).map((field) => (
              <Box key={field.name}>
                {field.refDocumentType ? (
                  <DocumentRefSelect field={field} name={`header.${field.name}`} display={headerDisplay} />
                ) : (
                  <ReferenceFormField
                    field={field}
                    name={`header.${field.name}`}
                    display={headerDisplay}
                    pickFor={{ documentType: descriptor.type, field: field.name }}
                  />
                )}
              </Box>
            ))}
          </SimpleGrid>
          {descriptor.lines.length > 0 && <DocumentLinesEditor descriptor={descriptor} displays={displays} />}
          <TextareaField name="remark" label={t('documents.remark')} rows={2} />
          <FormErrorAlert error={failure} />
        </Stack>
      </EditedDocumentContext.Provider>
    </FormDialog>
  );
}
