import { Field, Input } from '@chakra-ui/react';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { CITIZEN_ID_LENGTH, normaliseCitizenId } from '../validation/citizen-id';
import { useFieldError } from './use-field-error';

export interface CitizenIdFieldProps {
  name: string;
  label: string;
  required?: boolean;
}

/**
 * The 13-digit citizen id. Only digits are kept (pasting 1-2345-67890-12-1 works); the checksum is
 * validated by citizenIdText() in the form's schema.
 */
export function CitizenIdField({ name, label, required }: CitizenIdFieldProps) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        {...field}
        value={field.value ?? ''}
        inputMode="numeric"
        autoComplete="off"
        maxLength={CITIZEN_ID_LENGTH}
        onChange={(event) =>
          void helpers.setValue(normaliseCitizenId(event.target.value).slice(0, CITIZEN_ID_LENGTH))
        }
      />
      {!error && <Field.HelperText>{t('form.citizenIdHelp')}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
