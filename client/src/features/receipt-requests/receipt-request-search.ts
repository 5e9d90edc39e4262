import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import type { ReceiptRequestKind, ReceiptRequestsQueryVariables } from '../../gql/graphql';
import { parseBE } from '../../platform/dates';
import type { SortState } from '../../ui/data-table/data-table.types';
import { EMPTY_ORGANISATION_PATH, type OrganisationPath } from '../../ui/organisation/organisation-tree';
import { optionalBEDate } from '../../ui/validation/schemas';
import { object, string } from '../../ui/validation/yup';

// The back office's lists of receipt requests: the queue (MN-053: what is still to be worked) and
// the history (MN-059: everything, by period, unit, kind, status and text).

export const RECEIPT_REQUEST_ROWS = LIST_ROWS_DEFAULT;

/** The status filter's "still to be worked" choice (REQUESTED and IN_PROGRESS: `open`). */
export const OPEN = 'OPEN';

export interface ReceiptRequestSearchValues {
  /** dd/mm/yyyy Buddhist era: the days the requests were sent. */
  from: string;
  to: string;
  organisation: OrganisationPath;
  kind: '' | ReceiptRequestKind;
  /** A status code, OPEN, or '' for all. */
  status: string;
  search: string;
}

export const emptyReceiptRequestSearch = (queue: boolean): ReceiptRequestSearchValues => ({
  from: '',
  to: '',
  organisation: EMPTY_ORGANISATION_PATH,
  kind: '',
  status: queue ? OPEN : '',
  search: '',
});

export const receiptRequestSearchSchema = object({
  from: optionalBEDate(),
  to: optionalBEDate().test('order', 'validation.dateOrder', function toAfterFrom(value) {
    const from = parseBE(String(this.parent.from ?? ''));
    const to = parseBE(value ?? '');
    return !from.isValid || !to.isValid || to >= from;
  }),
  search: string().trim().max(100),
});

const apiDay = (text: string): string | null => {
  const day = text ? parseBE(text) : null;
  return day?.isValid ? day.toISODate() : null;
};

const unitCodeOf = (path: OrganisationPath): string | null =>
  path.division || path.bureau || path.department || path.ministry || null;

export function toReceiptRequestVariables(
  values: ReceiptRequestSearchValues,
  currentPage: number,
  sort: SortState,
): ReceiptRequestsQueryVariables {
  return {
    open: values.status === OPEN ? true : null,
    status: values.status && values.status !== OPEN ? values.status : null,
    kind: values.kind || null,
    from: apiDay(values.from),
    to: apiDay(values.to),
    unitCode: unitCodeOf(values.organisation),
    search: values.search.trim() || null,
    currentPage,
    rows: RECEIPT_REQUEST_ROWS,
    sort: sort?.sort ?? null,
    direction: sort?.direction ?? null,
  };
}
