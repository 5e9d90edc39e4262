import { Field, Input } from '@chakra-ui/react';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../ui/form/use-field-error';
import { SLIP_TYPES } from './donate-transfer.schema';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The transfer slip: one image or PDF, held in the form as a File until it is sent. */
export function SlipField({ name }: { name: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<File | null>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        {t('donateTransfer.slip')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="file"
        name={name}
        accept={SLIP_TYPES.join(',')}
        p="1.5"
        h="auto"
        onChange={(event) => {
          void helpers.setValue(event.currentTarget.files?.[0] ?? null);
          void helpers.setTouched(true, false);
        }}
        onBlur={field.onBlur}
      />
      {field.value && !error && (
        <Field.HelperText>
          {t('donateTransfer.slipChosen', { name: field.value.name, size: sizeText(field.value.size) })}
        </Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
