import { parseBE } from '../../platform/dates';
import { isValidCitizenId } from './citizen-id';
import type { ValidationMessageKey } from './validation-messages';
import { ref, string } from './yup';

const message = (key: ValidationMessageKey) => key;

/** Product decisions sec. 2: passwords are 8 to 64 characters (the server also checks a common-password list). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Lengths the server's columns allow (server/src/features/users/user.entity.ts): an e-mail address
 * is at most 254 characters (RFC 5321); names are 100; a username, and so a donor's e-mail, which is
 * their username, is 100.
 */
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const USERNAME_MAX = 100;

export const requiredText = () => string().trim().required(message('validation.required'));

/** A person's first or last name. */
export const nameText = () => requiredText().max(NAME_MAX);

export const optionalText = (max = 200) => string().trim().max(max);

/** Length first: a pasted wall of text is told it is too long rather than that it is not an address. */
export const emailText = (max = EMAIL_MAX) =>
  string().trim().required(message('validation.required')).max(max).email(message('validation.email'));

export const newPasswordText = () =>
  string()
    .required(message('validation.required'))
    .min(PASSWORD_MIN, message('validation.passwordLength'))
    .max(PASSWORD_MAX, message('validation.passwordLength'));

/** The "type it again" field of a new password: required and equal to the field it confirms. */
export const confirmationOf = (field: string) =>
  string()
    .required(message('validation.required'))
    .oneOf([ref(field)], message('validation.passwordMatch'));

/** An optional phone number: digits, spaces, + and -. */
export const optionalPhone = (max = 20) =>
  optionalText(max).matches(/^[0-9+\-\s]*$/, message('validation.phone'));

export const citizenIdText = () =>
  string()
    .trim()
    .required(message('validation.required'))
    .test('citizen-id', message('validation.citizenId'), (value) => !value || isValidCitizenId(value));

/** An optional dd/mm/yyyy Buddhist-era date: empty is fine, anything else must be a real day. */
export const optionalBEDate = () =>
  string()
    .trim()
    .test('be-date', message('validation.beDate'), (value) => !value || parseBE(value).isValid);
