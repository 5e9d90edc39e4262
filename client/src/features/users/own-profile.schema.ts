import { mixed, object } from 'yup';
import type { OrganisationPath } from '../../ui/organisation/organisation-tree';
import { emailText, optionalText, requiredText } from '../../ui/validation/schemas';

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
  firstNameTh: requiredText().max(100, 'validation.tooLong'),
  lastNameTh: requiredText().max(100, 'validation.tooLong'),
  email: emailText(),
  phone: optionalText(20).matches(/^[0-9+\-\s]*$/, 'validation.phone'),
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
