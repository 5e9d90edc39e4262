import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

export interface BEDateFieldProps {
  name: string;
  label: string;
  required?: boolean;
}

/**
 * A Buddhist-era date typed as dd/mm/yyyy (e.g. 22/11/2569). A text input rather than the browser's
 * date picker: native pickers show the Gregorian year, which is exactly what users must not enter.
 * Validate with optionalBEDate() (ui/validation/schemas.ts); convert with parseBE/toApiDate.
 */
export function BEDateField({ name, label, required }: BEDateFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      name={name}
      label={label}
      required={required}
      inputMode="numeric"
      placeholder={t('form.beDatePlaceholder')}
      maxLength={10}
      autoComplete="off"
      helperText={t('form.beDateHelp')}
      normalise={insertSlashes}
    />
  );
}

/** Typing 22112569 gives 22/11/2569; text that already has slashes is left alone. */
export function insertSlashes(text: string): string {
  if (text.includes('/')) return text;
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
