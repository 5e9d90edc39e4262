import type { OrganisationPath } from '../../ui/organisation/organisation-tree';
import { emailText, nameText, optionalPhone, optionalText } from '../../ui/validation/schemas';
import { mixed, object } from '../../ui/validation/yup';

export interface OwnProfileValues {
  titleTh: string;
  firstNameTh: string;
  lastNameTh: string;
  email: string;
  phone: string;
  position: string;
}

export const ownProfileSchema = object({
  titleTh: optionalText(20),
  firstNameTh: nameText(),
  lastNameTh: nameText(),
  email: emailText(),
  phone: optionalPhone(),
  position: optionalText(100),
});

export interface TransferRequestValues {
  organisation: OrganisationPath;
  reason: string;
}

export const transferRequestSchema = object({
  organisation: mixed<OrganisationPath>().test('unit', 'validation.required', (value) =>
    Boolean(value?.ministry),
  ),
  reason: optionalText(500),
});
