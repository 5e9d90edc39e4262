import type { Language } from '../../platform/language';
import type { OrganisationPath } from '../../ui/organisation/organisation-tree';
import { EMPTY_ORGANISATION_PATH } from '../../ui/organisation/organisation-tree';
import {
  citizenIdText,
  confirmationOf,
  emailText,
  nameText,
  newPasswordText,
  optionalPhone,
  optionalText,
  requiredText,
} from '../../ui/validation/schemas';
import { mixed, object } from '../../ui/validation/yup';

/** Usernames are lower-case at login (specification sec. 3), so only lower-case ones can be registered. */
const USERNAME_PATTERN = /^[a-z0-9._-]{4,50}$/;

export const TITLE_OPTIONS = ['นาย', 'นาง', 'นางสาว'] as const;

/** The titles' English forms (as the title-name list writes them, server/src/features/users/person-lists.ts). */
const TITLE_EN: Record<(typeof TITLE_OPTIONS)[number], string> = { นาย: 'Mr.', นาง: 'Mrs.', นางสาว: 'Miss' };

/** The title pick list: the Thai title is the value kept, the label is in the chosen language. */
export const titleOptions = (language: Language) =>
  TITLE_OPTIONS.map((title) => ({ value: title, label: language === 'en' ? TITLE_EN[title] : title }));

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  titleTh: string;
  firstNameTh: string;
  lastNameTh: string;
  citizenId: string;
  phone: string;
  position: string;
  organisation: OrganisationPath;
}

export const REGISTER_INITIAL_VALUES: RegisterValues = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  titleTh: '',
  firstNameTh: '',
  lastNameTh: '',
  citizenId: '',
  phone: '',
  position: '',
  organisation: EMPTY_ORGANISATION_PATH,
};

export const registerSchema = object({
  username: requiredText()
    .lowercase()
    .matches(USERNAME_PATTERN, { message: 'validation.username', excludeEmptyString: true }),
  email: emailText(),
  password: newPasswordText(),
  confirmPassword: confirmationOf('password'),
  titleTh: optionalText(20),
  firstNameTh: nameText(),
  lastNameTh: nameText(),
  citizenId: citizenIdText(),
  phone: optionalPhone(),
  position: optionalText(100),
  organisation: mixed<OrganisationPath>().test('unit', 'validation.required', (value) =>
    Boolean(value?.ministry),
  ),
});
