import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

export interface NewPasswordFieldsProps {
  /** The new password's field; its confirmation is always `confirmPassword` (see confirmationOf). */
  name: string;
  label: string;
  helperText?: string;
}

/** A new password and its confirmation, as the register, reset and change-password forms ask. */
export function NewPasswordFields({ name, label, helperText }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        helperText={helperText}
        required
      />
      <TextField
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
