import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { parseValidationMessage } from '../validation/validation-messages';

/** A Formik field's error, translated, once the field was touched (or the form submitted). */
export function useFieldError(name: string): string | undefined {
  const { t } = useTranslation();
  const [, meta] = useField(name);
  if (!meta.touched || typeof meta.error !== 'string') return undefined;
  const message = parseValidationMessage(meta.error);
  return message ? t(message.key, message.values) : meta.error;
}
