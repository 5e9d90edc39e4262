import type { ErrorLike } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Alert, Box, Button, SimpleGrid } from '@chakra-ui/react';
import type { FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiExistingItem, apiExistingItem, apiFieldErrors } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';
import { FormDialog } from '../../ui/app-dialog';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { toaster } from '../../ui/toaster';
import {
  ReferenceItemsQuery,
  ReferenceOptionsQuery,
  SaveReferenceItemMutation,
} from './reference.operations';
import { displayIn } from './reference-cells';
import { ReferenceFormField } from './reference-form-field';
import {
  errorPath,
  initialFormValues,
  type ReferenceFormValues,
  type ReferenceItemLike,
  referenceFormSchema,
  toSaveInput,
} from './reference-form-values';
import { formFields, labelOf, type ReferenceDescriptor, type ReferenceField } from './reference-rules';

/** The address picker and long texts take the form's full width. */
const isWide = (field: ReferenceField) =>
  field.kind === 'subDistrict' || (field.kind === 'text' && (field.maxLength ?? 0) > 255);

export interface ReferenceFormDialogProps {
  descriptor: ReferenceDescriptor;
  /** The item to edit (with its display texts); null to create one. */
  item: (ReferenceItemLike & { display: unknown; displayEn?: unknown }) | null;
  onClose: () => void;
  /**
   * Opened from another form's pick list: the saved item goes back to it (the list it came from is
   * loaded again), and a refusal that names an item already holding the value (a donor's citizen id)
   * offers to choose that one instead.
   */
  onSaved?: (item: ApiExistingItem) => void;
}

/**
 * Creates or edits an item of any reference type: the fields, their widgets and their rules all come
 * from the type's descriptor. Field errors from the server appear under their fields; a duplicate
 * code and other refusals appear above the buttons in the server's words.
 */
export function ReferenceFormDialog({ descriptor, item, onClose, onSaved }: ReferenceFormDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [save] = useMutation(SaveReferenceItemMutation, {
    refetchQueries: [onSaved ? ReferenceOptionsQuery : ReferenceItemsQuery],
  });
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const [existing, setExisting] = useState<ApiExistingItem | null>(null);
  const schema = useMemo(() => referenceFormSchema(descriptor), [descriptor]);
  const initialValues = useMemo(() => initialFormValues(descriptor, item), [descriptor, item]);
  const display = displayIn(item, language);
  const typeLabel = labelOf(descriptor, language);
  const title = item
    ? t('reference.editTitle', { type: typeLabel, code: item.code })
    : t('reference.createTitle', { type: typeLabel });

  const submit = async (values: ReferenceFormValues, helpers: FormikHelpers<ReferenceFormValues>) => {
    setFailure(null);
    setExisting(null);
    let saved: ApiExistingItem | undefined;
    try {
      const result = await save({
        variables: { type: descriptor.type, input: toSaveInput(descriptor, values, item?.id ?? null) },
      });
      saved = result.data?.saveReferenceItem;
    } catch (error) {
      setExisting(apiExistingItem(error as ErrorLike));
      const fieldErrors = apiFieldErrors(error as ErrorLike, language);
      const shown = fieldErrors.filter((fieldError) => fieldError.field in values);
      for (const fieldError of shown)
        helpers.setFieldError(errorPath(descriptor, fieldError.field), fieldError.message);
      // Errors not tied to an entered field (a duplicate code, no permission, …) go above the buttons.
      if (!shown.length || shown.length < fieldErrors.length) setFailure(error as ErrorLike);
      return;
    }
    toaster.create({ type: 'success', title: t('form.saved') });
    if (saved && onSaved) onSaved(saved);
    onClose();
  };

  const chooseExisting = (chosen: ApiExistingItem) => {
    onSaved?.(chosen);
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
      {onSaved && existing && (
        <Alert.Root status="info" mt="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('reference.existingFound', { code: existing.code })}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => chooseExisting(existing)}>
            {t('reference.chooseExisting', {
              code: existing.code,
              name: language === 'en' ? (existing.nameEn ?? existing.nameTh) : existing.nameTh,
            })}
          </Button>
        </Alert.Root>
      )}
    </FormDialog>
  );
}
