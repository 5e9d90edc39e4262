import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import type { Language } from '../../platform/language';

/**
 * Why a submitted form was refused (both skins' alert): the server's words as `serverWords` reads
 * them (api-errors.ts for Apollo's failures; rest-errors.ts for a public form's, without Apollo), else
 * "not found" or "could not be done, try again".
 */
export function useRefusalMessage<E>(
  error: E | null | undefined,
  serverWords: (error: E, language: Language) => string | null,
  notFound: (error: E) => boolean,
): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    serverWords(error, currentLanguage()) ?? t(notFound(error) ? 'common.notFound' : 'common.actionError')
  );
}
