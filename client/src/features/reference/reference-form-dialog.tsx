import type { ErrorLike } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Box, SimpleGrid } from '@chakra-ui/react';
import type { FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';
import { FormDialog } from '../../ui/app-dialog';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { toaster } from '../../ui/toaster';
import { ReferenceItemsQuery, SaveReferenceItemMutation } from './reference.operations';
import { ReferenceFormField } from './reference-form-field';
import {
  errorPath,
  initialFormValues,
  type ReferenceFormValues,
  type ReferenceItemLike,
  referenceFormSchema,
  toSaveInput,
  valuesRecord,
} from './reference-form-values';
import { formFields, labelOf, type ReferenceDescriptor, type ReferenceField } from './reference-rules';

/** The address picker and long texts take the form's full width. */
const isWide = (field: ReferenceField) =>
  field.kind === 'subDistrict' || (field.kind === 'text' && (field.maxLength ?? 0) > 255);

export interface ReferenceFormDialogProps {
  descriptor: ReferenceDescriptor;
  /** The item to edit (with its display texts); null to create one. */
  item: (ReferenceItemLike & { display: unknown }) | null;
  onClose: () => void;
}

/**
 * Creates or edits an item of any reference type: the fields, their widgets and their rules all come
 * from the type's descriptor. Field errors from the server appear under their fields; a duplicate
 * code and other refusals appear above the buttons in the server's words.
 */
export function ReferenceFormDialog({ descriptor, item, onClose }: ReferenceFormDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [save] = useMutation(SaveReferenceItemMutation, { refetchQueries: [ReferenceItemsQuery] });
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const schema = useMemo(() => referenceFormSchema(descriptor), [descriptor]);
  const initialValues = useMemo(() => initialFormValues(descriptor, item), [descriptor, item]);
  const display = valuesRecord(item?.display);
  const typeLabel = labelOf(descriptor, language);
  const title = item
    ? t('reference.editTitle', { type: typeLabel, code: item.code })
    : t('reference.createTitle', { type: typeLabel });

  const submit = async (values: ReferenceFormValues, helpers: FormikHelpers<ReferenceFormValues>) => {
    setFailure(null);
    try {
      await save({
        variables: { type: descriptor.type, input: toSaveInput(descriptor, values, item?.id ?? null) },
      });
    } catch (error) {
      const fieldErrors = apiFieldErrors(error as ErrorLike, language);
      const shown = fieldErrors.filter((fieldError) => fieldError.field in values);
      for (const fieldError of shown)
        helpers.setFieldError(errorPath(descriptor, fieldError.field), fieldError.message);
      // Errors not tied to an entered field (a duplicate code, no permission, …) go above the buttons.
      if (!shown.length || shown.length < fieldErrors.length) setFailure(error as ErrorLike);
      return;
    }
    toaster.create({ type: 'success', title: t('form.saved') });
    onClose();
  };

  return (
    <FormDialog
      title={title}
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {formFields(descriptor).map((field) => (
          <Box key={field.name} gridColumn={isWide(field) ? { md: 'span 2' } : undefined}>
            <ReferenceFormField field={field} display={display} />
          </Box>
        ))}
      </SimpleGrid>
      <FormErrorAlert error={failure} />
    </FormDialog>
  );
}
