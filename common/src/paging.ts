// List paging, as every list call of the API takes it (specification sec. 3: currentPage and rows)
// and every list screen asks for it.

/** The rows a list call returns when none are asked for, and the rows of a list screen's page. */
export const LIST_ROWS_DEFAULT = 20;
/** The most rows one list call returns. */
export const LIST_ROWS_MAX = 200;

/** The paging arguments of a list call: page 1 first. */
export interface PageRequest {
  currentPage: number;
  rows: number;
}

/** One page of a list and what the pager needs: the total count and the page it is. */
export interface ListPage<T> extends PageRequest {
  items: T[];
  total: number;
}

/** The rows to skip before a page (SQL offset). */
export const pageOffset = ({ currentPage, rows }: PageRequest): number => (currentPage - 1) * rows;
