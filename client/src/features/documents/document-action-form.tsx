import type { ErrorLike } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';
import { useIdempotencyKey } from '../../platform/idempotency-key';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { TextareaField } from '../../ui/form/textarea-field';
import { toaster } from '../../ui/toaster';
import { array, object, string } from '../../ui/validation/yup';
import {
  displayIn,
  errorPathOf,
  type FormValue,
  fieldSchema,
  fieldText,
  formValueOf,
  inputValue,
  labelOf,
  ReferenceFormField,
  type ReferenceFormValues,
  ReferenceInlineCreateProvider,
  valuesRecord,
} from '../reference';
import { REMARK_MAX } from './document-form-values';
import {
  actionHeaderFields,
  actionLineFields,
  type DocumentDescriptor,
  type DocumentTransition,
} from './document-rules';
import { ActOnDocumentMutation } from './documents.operations';

export interface ActedDocument {
  id: number;
  number: string;
  version: number;
  /** The header's values, by field name (a field entered again starts from its current value). */
  header?: unknown;
  lines: readonly { id: number; lineNo: number; values: unknown; display: unknown; displayEn?: unknown }[];
}

interface ActionFormValues {
  reason: string;
  /** The header fields entered at this action (DELIVER: the delivery date and who received). */
  header: ReferenceFormValues;
  /** The fields entered at this action, one entry per line in the document's order. */
  lines: ReferenceFormValues[];
}

export interface DocumentActionFormProps {
  descriptor: DocumentDescriptor;
  transition: DocumentTransition;
  document: ActedDocument;
  /** The action was taken (the answer already updated the document on screen). */
  onDone: () => void;
  /** The document changed under the person (409): load it again. */
  onStale: () => void;
  onCancel: () => void;
}

/**
 * Confirms one action: a reason when the transition asks for one, and the line fields entered at
 * it (RECEIVE: quantity received and the reason for a shortfall, per line). One idempotency key per
 * action taken, sent again by every retry of it.
 */
export function DocumentActionForm(props: DocumentActionFormProps) {
  // The action's pick lists may offer "add new" (the field's inlineCreateMenuCodes).
  return (
    <ReferenceInlineCreateProvider>
      <ActionForm {...props} />
    </ReferenceInlineCreateProvider>
  );
}

function ActionForm({
  descriptor,
  transition,
  document,
  onDone,
  onStale,
  onCancel,
}: DocumentActionFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [act] = useMutation(ActOnDocumentMutation);
  const idempotencyKey = useIdempotencyKey();
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const fields = useMemo(() => actionLineFields(descriptor, transition.action), [descriptor, transition]);
  const headerFields = useMemo(
    () => actionHeaderFields(descriptor, transition.action),
    [descriptor, transition],
  );
  const label = labelOf(transition, language);
  const yesNo = { yes: t('reference.yes'), no: t('reference.no') };
  const shownFields = descriptor.lines.filter((field) => field.list && !field.enteredAt);
  const headerValues = valuesRecord(document.header);

  const initialValues = useMemo<ActionFormValues>(
    () => ({
      reason: '',
      // An action that enters a field again (the result's edit) starts from its current value.
      header: Object.fromEntries(
        headerFields.map((field) => [
          field.name,
          formValueOf(field, field.enteredAt === transition.action ? undefined : headerValues[field.name]),
        ]),
      ),
      lines: fields.length
        ? document.lines.map((line) =>
            Object.fromEntries(
              fields.map((field) => [field.name, formValueOf(field, valuesRecord(line.values)[field.name])]),
            ),
          )
        : [],
    }),
    [fields, headerFields, document, transition, headerValues],
  );
  const schema = useMemo(() => {
    const reason = string().trim().max(REMARK_MAX);
    return object({
      reason: transition.reason === 'required' ? reason.required('validation.required') : reason,
      header: object(Object.fromEntries(headerFields.map((field) => [field.name, fieldSchema(field)]))),
      lines: array().of(object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])))),
    });
  }, [fields, headerFields, transition]);

  /** Where a server error goes: `lines.<lineNo - 1>.<field>` is the line with that number. */
  const errorPath = (field: string): string | null => {
    if (field === 'reason') return field;
    const headerField = headerFields.find((candidate) => candidate.name === field);
    if (headerField) return errorPathOf(headerField, `header.${headerField.name}`);
    const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
    const lineField = match ? fields.find((candidate) => candidate.name === match[2]) : undefined;
    if (!match || !lineField) return null;
    const index = document.lines.findIndex((line) => line.lineNo === Number(match[1]) + 1);
    return index < 0 ? null : errorPathOf(lineField, `lines.${index}.${lineField.name}`);
  };

  const submit = async (values: ActionFormValues, helpers: FormikHelpers<ActionFormValues>) => {
    setFailure(null);
    const reason = values.reason.trim();
    try {
      const input = {
        action: transition.action,
        version: document.version,
        reason: reason === '' ? null : reason,
        header: headerFields.length
          ? Object.fromEntries(
              headerFields.map((field) => [
                field.name,
                inputValue(field, values.header[field.name] as FormValue | undefined),
              ]),
            )
          : null,
        lines: fields.length
          ? document.lines.map((line, index) => ({
              id: line.id,
              values: Object.fromEntries(
                fields.map((field) => [
                  field.name,
                  inputValue(field, values.lines[index]?.[field.name] as FormValue | undefined),
                ]),
              ),
            }))
          : null,
      };
      await act({
        variables: {
          type: descriptor.type,
          id: document.id,
          idempotencyKey: idempotencyKey.current(input),
          input,
        },
      });
    } catch (caught) {
      const error = caught as ErrorLike;
      if (apiErrorCode(error) === 'CONFLICT') {
        idempotencyKey.reset();
        toaster.create({ type: 'error', title: apiErrorMessage(error, language) ?? t('common.actionError') });
        onStale();
        return;
      }
      const fieldErrors = apiFieldErrors(error, language);
      let placed = 0;
      for (const fieldError of fieldErrors) {
        const path = errorPath(fieldError.field);
        if (path === null) continue;
        helpers.setFieldError(path, fieldError.message);
        placed += 1;
      }
      if (placed === 0 || placed < fieldErrors.length) setFailure(error);
      return;
    }
    idempotencyKey.reset();
    toaster.create({
      type: 'success',
      title: t('documents.actionDone', { action: label, number: document.number }),
    });
    onDone();
  };

  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('documents.actionTitle', { action: label })}>
          <Stack gap="4" borderWidth="1px" borderColor="brand.emphasized" rounded="lg" p="4">
            <Heading as="h3" size="md">
              {t('documents.actionTitle', { action: label })}
            </Heading>
            {headerFields.length > 0 && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {headerFields.map((field) => (
                  <ReferenceFormField
                    key={field.name}
                    field={field}
                    name={`header.${field.name}`}
                    display={{}}
                    pickFor={{ documentType: descriptor.type, field: field.name }}
                  />
                ))}
              </SimpleGrid>
            )}
            {fields.length > 0 &&
              document.lines.map((line, index) => {
                const n = line.lineNo;
                const summary = shownFields
                  .map((field) => {
                    const text = fieldText(field, line, language, yesNo);
                    return text ? `${labelOf(field, language)}: ${text}` : '';
                  })
                  .filter(Boolean)
                  .join(' · ');
                return (
                  <Box
                    key={line.id}
                    role="group"
                    aria-label={t('documents.line', { n })}
                    borderWidth="1px"
                    rounded="md"
                    p="3"
                  >
                    <Text fontWeight="600">{t('documents.line', { n })}</Text>
                    <Text fontSize="sm" color="fg.muted" mb="2">
                      {summary}
                    </Text>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      {fields.map((field) => (
                        <ReferenceFormField
                          key={field.name}
                          field={field}
                          name={`lines.${index}.${field.name}`}
                          display={displayIn(line, language)}
                          pickFor={{ documentType: descriptor.type, field: `lines.${field.name}` }}
                        />
                      ))}
                    </SimpleGrid>
                  </Box>
                );
              })}
            {transition.reason && (
              <TextareaField
                name="reason"
                label={t('documents.reason')}
                required={transition.reason === 'required'}
                rows={2}
              />
            )}
            <FormErrorAlert error={failure} />
            <HStack gap="3" justify="flex-end">
              <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                {t('documents.confirmAction', { action: label })}
              </Button>
            </HStack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
