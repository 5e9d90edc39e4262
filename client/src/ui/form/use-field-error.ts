import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { parseValidationMessage } from '../validation/validation-messages';
import { useScrollToFirstError } from './use-scroll-to-first-error';

/**
 * Translates a form error: a validation key (with its values) in the current language; any other
 * text (a server's field message, already in the interface language) as it is.
 */
export function useTranslateFormError(): (error: string) => string {
  const { t } = useTranslation();
  return (error) => {
    const message = parseValidationMessage(error);
    return message ? t(message.key, message.values) : error;
  };
}

/**
 * A Formik field's error, translated, once the field was touched (or the form submitted). A refused
 * submit also brings the form's first invalid field into view (useScrollToFirstError).
 */
export function useFieldError(name: string): string | undefined {
  const translate = useTranslateFormError();
  const [, meta] = useField(name);
  useScrollToFirstError(name);
  if (!meta.touched || typeof meta.error !== 'string') return undefined;
  return translate(meta.error);
}
