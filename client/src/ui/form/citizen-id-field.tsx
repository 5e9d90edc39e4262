import { useTranslation } from 'react-i18next';
import { CITIZEN_ID_LENGTH, normaliseCitizenId } from '../validation/citizen-id';
import { TextField } from './text-field';

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
  return (
    <TextField
      name={name}
      label={label}
      required={required}
      inputMode="numeric"
      autoComplete="off"
      maxLength={CITIZEN_ID_LENGTH}
      helperText={t('form.citizenIdHelp')}
      normalise={(typed) => normaliseCitizenId(typed).slice(0, CITIZEN_ID_LENGTH)}
    />
  );
}
