import type { DonorRegisterInput } from '../../gql/graphql';
import {
  confirmationOf,
  emailText,
  nameText,
  newPasswordText,
  optionalPhone,
  USERNAME_MAX,
} from '../../ui/validation/schemas';
import { boolean, object } from '../../ui/validation/yup';

export interface DonorSignupValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstNameTh: string;
  lastNameTh: string;
  phone: string;
  pdpaConsent: boolean;
}

export const DONOR_SIGNUP_INITIAL_VALUES: DonorSignupValues = {
  email: '',
  password: '',
  confirmPassword: '',
  firstNameTh: '',
  lastNameTh: '',
  phone: '',
  pdpaConsent: false,
};

/** A donor's e-mail is also their username, so it keeps to the username's length. */
export const donorSignupSchema = object({
  email: emailText(USERNAME_MAX),
  password: newPasswordText(),
  confirmPassword: confirmationOf('password'),
  firstNameTh: nameText(),
  lastNameTh: nameText(),
  phone: optionalPhone(),
  pdpaConsent: boolean().oneOf([true], 'validation.consent'),
});

/** The registerDonor input: the e-mail lower-cased as login expects it, blanks as null. */
export function toDonorRegisterInput(values: DonorSignupValues): DonorRegisterInput {
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    firstNameTh: values.firstNameTh.trim(),
    lastNameTh: values.lastNameTh.trim(),
    phone: values.phone.trim() || null,
    pdpaConsent: values.pdpaConsent,
  };
}
