import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import type { UserSearchFilter } from '../../gql/graphql';
import { parseBE, toApiDate } from '../../platform/dates';
import type { SortState } from '../../ui/data-table/data-table.types';
import { EMPTY_ORGANISATION_PATH, type OrganisationPath } from '../../ui/organisation/organisation-tree';
import { optionalBEDate } from '../../ui/validation/schemas';
import { object, string } from '../../ui/validation/yup';

/** Rows per page of the user lists. */
export const USER_PAGE_ROWS = LIST_ROWS_DEFAULT;

/** The search form of specification sec. 3 "User search filter", as typed by the user. */
export interface UserSearchValues {
  organisation: OrganisationPath;
  /** Office type of the user's own unit (1..6), or ''; independent of the unit chosen above. */
  officeType: string;
  idc: string;
  firstname: string;
  lastname: string;
  /** dd/mm/yyyy Buddhist era, or ''. */
  fromDate: string;
  toDate: string;
  userStatus: string;
  requestStatus: string;
}

export const EMPTY_USER_SEARCH: UserSearchValues = {
  organisation: EMPTY_ORGANISATION_PATH,
  officeType: '',
  idc: '',
  firstname: '',
  lastname: '',
  fromDate: '',
  toDate: '',
  userStatus: '',
  requestStatus: '',
};

export const userSearchSchema = object({
  idc: string()
    .trim()
    .matches(/^[\d-]*$/, 'validation.citizenId'),
  fromDate: optionalBEDate(),
  toDate: optionalBEDate().test('order', 'validation.dateOrder', function toAfterFrom(value) {
    const from = parseBE(String(this.parent.fromDate ?? ''));
    const to = parseBE(value ?? '');
    return !from.isValid || !to.isValid || to >= from;
  }),
});

/**
 * The API filter from the form, the page and the sort; empty fields are left out. The unit codes
 * select a subtree (a ministry includes its departments); office_type_code narrows to users whose
 * own unit is of that type, so it is a separate choice rather than the level picked.
 */
export function toUserSearchFilter(
  values: UserSearchValues,
  currentPage: number,
  sort: SortState,
): UserSearchFilter {
  const text = (value: string) => value.trim() || null;
  return {
    currentPage,
    rows: USER_PAGE_ROWS,
    office_type_code: values.officeType ? Number(values.officeType) : null,
    ministry_code: values.organisation.ministry || null,
    department_code: values.organisation.department || null,
    bureau_code: values.organisation.bureau || null,
    division_code: values.organisation.division || null,
    idc: text(values.idc.replace(/-/g, '')),
    firstname_th: text(values.firstname),
    lastname_th: text(values.lastname),
    from_dt: values.fromDate ? toApiDate(parseBE(values.fromDate)) : null,
    to_dt: values.toDate ? toApiDate(parseBE(values.toDate)) : null,
    user_status_code: values.userStatus || null,
    request_status_code: values.requestStatus || null,
    // Specification sec. 3/7: the direction is omitted when the list is unsorted.
    sort: sort?.sort ?? null,
    direction: sort?.direction ?? null,
  };
}

/** Office types of product decisions sec. 1. */
export const OFFICE_TYPES = [1, 2, 3, 4, 5, 6] as const;
