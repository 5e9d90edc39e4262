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
  'validation.tooLong',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGES)[number];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (VALIDATION_MESSAGES as readonly string[]).includes(value);
}
