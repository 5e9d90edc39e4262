import type { Language } from './language';

// A public REST form's refusal, read without Apollo Client (the public pages drawn without it; the
// GraphQL failures are read by api-errors.ts, which reads these too).

/** A refusal of a public form (platform/post-public-form.ts): the HTTP status and the body's text. */
export class PublicFormError extends Error {
  readonly statusCode: number;
  readonly bodyText: string;
  constructor(statusCode: number, bodyText: string) {
    super(`HTTP ${statusCode}`);
    this.name = 'PublicFormError';
    this.statusCode = statusCode;
    this.bodyText = bodyText;
  }
}

export function parseJsonObject(value: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Field errors (`[{ field, messageTh, messageEn }]`, from a body's or a GraphQL error's details),
 * each in the interface language.
 */
export function fieldErrorsOf(fields: unknown, language: Language): { field: string; message: string }[] {
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, messageTh, messageEn } = entry as Record<string, unknown>;
    const message = language === 'en' ? messageEn : messageTh;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/** The field errors of a public form's refusal (its body's details.fields). */
export function publicFormFieldErrors(error: unknown, language: Language) {
  if (!(error instanceof PublicFormError)) return [];
  const details = parseJsonObject(error.bodyText)?.details as { fields?: unknown } | undefined;
  return fieldErrorsOf(details?.fields, language);
}

/** The message the server wrote for people in a public form's refusal, or null. */
export function publicFormMessage(error: unknown, language: Language): string | null {
  if (!(error instanceof PublicFormError)) return null;
  const body = parseJsonObject(error.bodyText);
  const message = language === 'en' ? body?.messageEn : body?.messageTh;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}
