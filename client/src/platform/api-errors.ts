import { CombinedGraphQLErrors, type ErrorLike } from '@apollo/client';
import type { Language } from './language';

/** The server's error code (docs/identity-api.md), e.g. INVALID_CREDENTIALS, or null. */
export function apiErrorCode(error: ErrorLike | null | undefined): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * The message the server wrote for people (extensions.messageTh / messageEn) in the interface
 * language, or null when the failure carries none (network down, an unexpected error).
 */
export function apiErrorMessage(error: ErrorLike | null | undefined, language: Language): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const extensions = error.errors[0]?.extensions;
  const text = language === 'en' ? extensions?.messageEn : extensions?.messageTh;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}
