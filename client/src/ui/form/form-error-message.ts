import type { ErrorLike } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, failureMessageKey } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';

/** Why a submitted form was refused, in the server's words when it gave some (both skins' alert). */
export function useFormErrorMessage(error: ErrorLike | null | undefined): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  return apiErrorMessage(error, currentLanguage()) ?? t(failureMessageKey(error, 'action'));
}
