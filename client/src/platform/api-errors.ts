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

export interface ApiFieldError {
  field: string;
  message: string;
}

/**
 * Field errors of a refused save (extensions.details.fields: [{ field, messageTh, messageEn }]),
 * each in the interface language, to show under its field.
 */
export function apiFieldErrors(error: ErrorLike | null | undefined, language: Language): ApiFieldError[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  const extensions = error.errors[0]?.extensions;
  const details = extensions?.details as { fields?: unknown } | undefined;
  const fields = details?.fields ?? extensions?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, messageTh, messageEn } = entry as Record<string, unknown>;
    const message = language === 'en' ? messageEn : messageTh;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}
