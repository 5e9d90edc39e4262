import { EMPTY_ORGANISATION_PATH, type OrganisationPath } from '../../ui/organisation/organisation-tree';
import { isValidCitizenId } from '../../ui/validation/citizen-id';
import { emailText, nameText, optionalPhone, optionalText, requiredText } from '../../ui/validation/schemas';
import { mixed, object, string } from '../../ui/validation/yup';
import type { UserRow } from './use-user-list';

export interface AdminEditUserValues {
  titleTh: string;
  firstNameTh: string;
  lastNameTh: string;
  email: string;
  phone: string;
  position: string;
  citizenId: string;
  userGroupCode: string;
  /** A new unit for the user; nothing chosen keeps the current one. */
  organisation: OrganisationPath;
}

export function adminEditInitialValues(user: UserRow): AdminEditUserValues {
  return {
    titleTh: user.titleTh ?? '',
    firstNameTh: user.firstNameTh,
    lastNameTh: user.lastNameTh,
    email: user.email,
    phone: user.phone ?? '',
    position: user.position ?? '',
    citizenId: user.citizenId ?? '',
    userGroupCode: user.userGroupCode,
    organisation: EMPTY_ORGANISATION_PATH,
  };
}

export const adminEditUserSchema = object({
  titleTh: optionalText(20),
  firstNameTh: nameText(),
  lastNameTh: nameText(),
  email: emailText(),
  phone: optionalPhone(),
  position: optionalText(100),
  citizenId: string()
    .trim()
    .test('citizen-id', 'validation.citizenId', (value) => !value || isValidCitizenId(value)),
  userGroupCode: requiredText(),
  organisation: mixed<OrganisationPath>(),
});
