import type { DonorRegisterInput } from '../../gql/graphql';
import { isValidCitizenId } from '../../ui/validation/citizen-id';
import {
  confirmationOf,
  emailText,
  nameText,
  newPasswordText,
  optionalPhone,
  USERNAME_MAX,
} from '../../ui/validation/schemas';
import { boolean, object, string } from '../../ui/validation/yup';

export interface DonorSignupValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstNameTh: string;
  lastNameTh: string;
  phone: string;
  /** Optional: links the donor record with this id and e-mail at activation. */
  citizenId: string;
  pdpaConsent: boolean;
}

export const DONOR_SIGNUP_INITIAL_VALUES: DonorSignupValues = {
  email: '',
  password: '',
  confirmPassword: '',
  firstNameTh: '',
  lastNameTh: '',
  phone: '',
  citizenId: '',
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
  citizenId: string()
    .trim()
    .test('citizen-id', 'validation.citizenId', (value) => !value || isValidCitizenId(value)),
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
    citizenId: values.citizenId.trim() || null,
    pdpaConsent: values.pdpaConsent,
  };
}
