/**
 * Form errors are translation keys, translated when shown, so switching language also switches the
 * messages of a form that is already on screen.
 */
export const VALIDATION_MESSAGES = [
  'validation.required',
  'validation.email',
  'validation.citizenId',
  'validation.beDate',
  'validation.dateOrder',
  'validation.passwordLength',
  'validation.passwordMatch',
  'validation.passwordSame',
  'validation.username',
  'validation.groupCode',
  'validation.phone',
  'validation.menusRequired',
  'validation.maxLength',
  'validation.minLength',
  'validation.exactLength',
  'validation.code',
  'validation.integer',
  'validation.decimal',
  'validation.atLeast',
  'validation.atMost',
  'validation.choose',
  'validation.chooseAtLeast',
  'validation.chooseAtMost',
  'validation.chooseExactly',
  'validation.linesAtLeast',
  'validation.lessThan',
  'validation.moreThan',
  'validation.consent',
  'validation.consentForm',
  'validation.notFuture',
  'validation.slip',
  'validation.fileType',
  'validation.fileSize',
  'validation.fileRequired',
  'validation.fileEmpty',
  'validation.invalid',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGES)[number];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (VALIDATION_MESSAGES as readonly string[]).includes(value);
}

// A message with values (validation.maxLength with {max: 20}) stays a key while the form holds it:
// the key, a separator, then the values as JSON.
const VALUES_SEPARATOR = '|';

export function messageWithValues(
  key: ValidationMessageKey,
  values: Readonly<Record<string, string | number>>,
): string {
  return `${key}${VALUES_SEPARATOR}${JSON.stringify(values)}`;
}

/** A form error as a translation key and its values, or null when it is text to show as it is. */
export function parseValidationMessage(
  value: unknown,
): { key: ValidationMessageKey; values: Record<string, string | number> } | null {
  if (typeof value !== 'string') return null;
  const at = value.indexOf(VALUES_SEPARATOR);
  const key = at < 0 ? value : value.slice(0, at);
  if (!isValidationMessageKey(key)) return null;
  if (at < 0) return { key, values: {} };
  try {
    const values: unknown = JSON.parse(value.slice(at + 1));
    return typeof values === 'object' && values !== null
      ? { key, values: values as Record<string, string | number> }
      : null;
  } catch {
    return null;
  }
}
