import { ref, string } from 'yup';
import { parseBE } from '../../platform/dates';
import { isValidCitizenId } from './citizen-id';
import type { ValidationMessageKey } from './validation-messages';

const message = (key: ValidationMessageKey) => key;

/** Product decisions sec. 2: passwords are 8 to 64 characters (the server also checks a common-password list). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const requiredText = () => string().trim().required(message('validation.required'));

export const optionalText = (max = 200) => string().trim().max(max, message('validation.tooLong'));

export const emailText = () =>
  string().trim().required(message('validation.required')).email(message('validation.email')).max(254);

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
