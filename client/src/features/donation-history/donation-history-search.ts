import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import type {
  DonationHistoryQueryVariables,
  DonationHistoryTotalsQueryVariables,
  DonationKind,
} from '../../gql/graphql';
import { parseBE } from '../../platform/dates';
import type { Language } from '../../platform/language';
import type { SortState } from '../../ui/data-table/data-table.types';
import { EMPTY_ORGANISATION_PATH, type OrganisationPath } from '../../ui/organisation/organisation-tree';
import { optionalBEDate } from '../../ui/validation/schemas';
import { object, string } from '../../ui/validation/yup';
import type { DocumentDescriptor } from '../documents';
import { labelOf } from '../reference';

/** Rows per page of the donation history. */
export const DONATION_HISTORY_ROWS = LIST_ROWS_DEFAULT;

/** The document type of each kind of donation. */
export const DONATION_TYPES: Readonly<Record<DonationKind, string>> = {
  GOODS: 'GOODS_DONATION',
  MONEY: 'MONEY_DONATION',
};

/** The history's search form as typed. */
export interface DonationHistoryValues {
  /** dd/mm/yyyy Buddhist era, or ''. */
  from: string;
  to: string;
  organisation: OrganisationPath;
  /** Donor code, name or citizen/tax id. */
  donor: string;
  kind: '' | DonationKind;
  objective: string;
  status: string;
}

export const EMPTY_DONATION_HISTORY_SEARCH: DonationHistoryValues = {
  from: '',
  to: '',
  organisation: EMPTY_ORGANISATION_PATH,
  donor: '',
  kind: '',
  objective: '',
  status: '',
};

export const donationHistorySchema = object({
  from: optionalBEDate(),
  to: optionalBEDate().test('order', 'validation.dateOrder', function toAfterFrom(value) {
    const from = parseBE(String(this.parent.from ?? ''));
    const to = parseBE(value ?? '');
    return !from.isValid || !to.isValid || to >= from;
  }),
  donor: string().trim().max(100),
});

/** A Buddhist-era day as the API's calendar day (yyyy-mm-dd), or null for none. */
const apiDay = (text: string): string | null => {
  const day = text ? parseBE(text) : null;
  return day?.isValid ? day.toISODate() : null;
};

/** The most specific unit chosen in the organisation picker: its subtree is searched. */
const unitCodeOf = (path: OrganisationPath): string | null =>
  path.division || path.bureau || path.department || path.ministry || null;

/** The filters from the form, for the page and the totals; empty fields are left out. */
export function toDonationHistoryFilters(values: DonationHistoryValues): DonationHistoryTotalsQueryVariables {
  return {
    from: apiDay(values.from),
    to: apiDay(values.to),
    unitCode: unitCodeOf(values.organisation),
    donor: values.donor.trim() || null,
    kind: values.kind || null,
    objective: values.objective || null,
    status: values.status || null,
  };
}

/** The query's variables from the form, the page and the sort; empty fields are left out. */
export function toDonationHistoryVariables(
  values: DonationHistoryValues,
  currentPage: number,
  sort: SortState,
): DonationHistoryQueryVariables {
  return {
    ...toDonationHistoryFilters(values),
    currentPage,
    rows: DONATION_HISTORY_ROWS,
    sort: sort?.sort ?? null,
    direction: sort?.direction ?? null,
  };
}

export interface Choice {
  value: string;
  label: string;
}

/** The donation types' descriptors (goods first), as far as the server declares them. */
export const donationDescriptors = (descriptors: readonly DocumentDescriptor[]): DocumentDescriptor[] =>
  Object.values(DONATION_TYPES).flatMap((type) => descriptors.find((d) => d.type === type) ?? []);

/**
 * The statuses to filter by: those of the chosen kind, or of both kinds (a status both have, such as
 * CANCELLED, once), in the types' own words.
 */
export function statusChoices(
  descriptors: readonly DocumentDescriptor[],
  kind: '' | DonationKind,
  language: Language,
): Choice[] {
  const types = kind ? [DONATION_TYPES[kind]] : Object.values(DONATION_TYPES);
  const seen = new Map<string, string>();
  for (const descriptor of descriptors.filter((d) => types.includes(d.type))) {
    for (const status of descriptor.statuses) {
      if (!seen.has(status.code)) seen.set(status.code, labelOf(status, language));
    }
  }
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** The objectives (common list objective/event) as the donation types declare their field. */
export function objectiveChoices(descriptors: readonly DocumentDescriptor[], language: Language): Choice[] {
  const field = donationDescriptors(descriptors)
    .flatMap((d) => d.header)
    .find((f) => f.name === 'objective');
  return (field?.options ?? []).map((option) => ({ value: option.value, label: labelOf(option, language) }));
}
