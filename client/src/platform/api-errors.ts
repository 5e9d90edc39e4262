import { CombinedGraphQLErrors, type ErrorLike, ServerError } from '@apollo/client';
import type { Language } from './language';
import { fieldErrorsOf, PublicFormError, parseJsonObject } from './rest-errors';

/** The server's code for "no such record" (HTTP 404). */
export const NOT_FOUND = 'NOT_FOUND';

/** What the server says about a failure: its code and its message in Thai and English. */
interface ServerWords {
  code: string | null;
  messageTh: string | null;
  messageEn: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * The server's words from a GraphQL error (extensions.code, messageTh, messageEn) or from an HTTP
 * error whose body is the server's JSON error (`{ code, messageTh, messageEn }`, docs/decisions.md
 * "Errors"); an HTTP 404 without such a body is still NOT_FOUND.
 */
function serverWords(error: ErrorLike | null | undefined): ServerWords | null {
  if (CombinedGraphQLErrors.is(error)) {
    const extensions = error.errors[0]?.extensions;
    const status = extensions?.status;
    return {
      code: text(extensions?.code) ?? (status === 404 ? NOT_FOUND : null),
      messageTh: text(extensions?.messageTh),
      messageEn: text(extensions?.messageEn),
    };
  }
  if (ServerError.is(error) || error instanceof PublicFormError) {
    const body = parseJsonObject(error.bodyText);
    return {
      code: text(body?.code) ?? (error.statusCode === 404 ? NOT_FOUND : null),
      messageTh: text(body?.messageTh),
      messageEn: text(body?.messageEn),
    };
  }
  return null;
}

/** The server's error code (docs/identity-api.md), e.g. INVALID_CREDENTIALS, or null. */
export function apiErrorCode(error: ErrorLike | null | undefined): string | null {
  return serverWords(error)?.code ?? null;
}

/** The server answered that what was asked for does not exist (or is not the caller's to see). */
export function isNotFound(error: ErrorLike | null | undefined): boolean {
  return apiErrorCode(error) === NOT_FOUND;
}

/**
 * The message the server wrote for people (extensions.messageTh / messageEn) in the interface
 * language, or null when the failure carries none (network down, an unexpected error).
 */
export function apiErrorMessage(error: ErrorLike | null | undefined, language: Language): string | null {
  const words = serverWords(error);
  return (language === 'en' ? words?.messageEn : words?.messageTh) ?? null;
}

/** The interface's own words for a failure the server did not explain. */
export type FailureMessageKey = 'common.notFound' | 'common.loadError' | 'common.actionError';

/**
 * Which of our messages fits a failure: "not found" when the server said so (retrying will not
 * help), else "could not load" for reading and "could not be done, try again" for actions.
 */
export function failureMessageKey(
  error: ErrorLike | null | undefined,
  purpose: 'load' | 'action',
): FailureMessageKey {
  if (isNotFound(error)) return 'common.notFound';
  return purpose === 'load' ? 'common.loadError' : 'common.actionError';
}

export interface ApiFieldError {
  field: string;
  message: string;
}

/**
 * Field errors of a refused save (GraphQL extensions.details.fields, or a REST body's
 * details.fields: [{ field, messageTh, messageEn }]), each in the interface language, to show under
 * its field.
 */
export function apiFieldErrors(error: ErrorLike | null | undefined, language: Language): ApiFieldError[] {
  let fields: unknown;
  if (CombinedGraphQLErrors.is(error)) {
    const extensions = error.errors[0]?.extensions;
    const details = extensions?.details as { fields?: unknown } | undefined;
    fields = details?.fields ?? extensions?.fields;
  } else if (ServerError.is(error) || error instanceof PublicFormError) {
    // A REST refusal's body: { code, messageTh, messageEn, details: { fields } }.
    const details = parseJsonObject(error.bodyText)?.details as { fields?: unknown } | undefined;
    fields = details?.fields;
  }
  return fieldErrorsOf(fields, language);
}

/** An item the server names as already holding what a save gave (details.existing), e.g. a donor's id. */
export interface ApiExistingItem {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string | null;
}

/** The existing item a refused save names (a 409 for a citizen id that another donor has), or null. */
export function apiExistingItem(error: ErrorLike | null | undefined): ApiExistingItem | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const details = error.errors[0]?.extensions?.details as { existing?: unknown } | undefined;
  const existing = details?.existing as Record<string, unknown> | undefined;
  if (typeof existing?.id !== 'number' || typeof existing.code !== 'string') return null;
  return {
    id: existing.id,
    code: existing.code,
    nameTh: typeof existing.nameTh === 'string' ? existing.nameTh : existing.code,
    nameEn: typeof existing.nameEn === 'string' ? existing.nameEn : null,
  };
}
