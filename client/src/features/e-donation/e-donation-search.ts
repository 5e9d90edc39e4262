import type { DonationKind, EDonationKeying, EDonationRowsQueryVariables } from '../../gql/graphql';
import { parseBE } from '../../platform/dates';
import { EMPTY_ORGANISATION_PATH, type OrganisationPath } from '../../ui/organisation/organisation-tree';
import { optionalBEDate } from '../../ui/validation/schemas';
import { object } from '../../ui/validation/yup';

/** Rows per page of the e-Donation list. */
export const E_DONATION_ROWS = 50;

export const KEYING_CHOICES: readonly EDonationKeying[] = [
  'NOT_KEYED',
  'OVERDUE',
  'KEYED',
] as EDonationKeying[];
export const KIND_CHOICES: readonly DonationKind[] = ['MONEY', 'GOODS'] as DonationKind[];

/** The search form as typed. */
export interface EDonationValues {
  /** dd/mm/yyyy Buddhist era, or ''. */
  from: string;
  to: string;
  organisation: OrganisationPath;
  keying: '' | EDonationKeying;
  kind: '' | DonationKind;
}

export const EMPTY_E_DONATION_SEARCH: EDonationValues = {
  from: '',
  to: '',
  organisation: EMPTY_ORGANISATION_PATH,
  keying: '',
  kind: '',
};

export const eDonationSchema = object({
  from: optionalBEDate(),
  to: optionalBEDate().test('order', 'validation.dateOrder', function toAfterFrom(value) {
    const from = parseBE(String(this.parent.from ?? ''));
    const to = parseBE(value ?? '');
    return !from.isValid || !to.isValid || to >= from;
  }),
});

/** A Buddhist-era day as the API's calendar day (yyyy-mm-dd), or null for none. */
const apiDay = (text: string): string | null => {
  const day = text ? parseBE(text) : null;
  return day?.isValid ? day.toISODate() : null;
};

/** The most specific unit chosen in the organisation picker: its subtree is searched. */
const unitCodeOf = (path: OrganisationPath): string | null =>
  path.division || path.bureau || path.department || path.ministry || null;

/** The filters as the API takes them (the list's and the download's); empty fields left out. */
export function eDonationFilters(values: EDonationValues) {
  return {
    from: apiDay(values.from),
    to: apiDay(values.to),
    unitCode: unitCodeOf(values.organisation),
    keying: values.keying || null,
    kind: values.kind || null,
  };
}

export function toEDonationVariables(
  values: EDonationValues,
  currentPage: number,
): EDonationRowsQueryVariables {
  return { ...eDonationFilters(values), currentPage, rows: E_DONATION_ROWS };
}
