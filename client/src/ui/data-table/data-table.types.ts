import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/** The list's sort: a column's sort key and direction; null means the server's default order. */
export type SortState = { sort: string; direction: SortDirection } | null;

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort field for this column; the column is not sortable without it. */
  sortKey?: string;
  /** Right-align numbers, keep actions compact. */
  align?: 'start' | 'end';
}

export interface DataTablePaging {
  currentPage: number;
  rows: number;
  total: number;
  onPageChange: (page: number) => void;
  /**
   * A list paged by key (docs/document-kit.md "Paging by key"): the pager shows first and last too,
   * and moves by the page's cursors instead of a page number.
   */
  onMove?: (move: PageMove) => void;
}

/** Where the pager of a list paged by key goes. */
export type PageMove = 'first' | 'previous' | 'next' | 'last';

/** Clicking a header cycles ascending, descending, then unsorted (the direction is then omitted). */
export function nextSort(current: SortState, sortKey: string): SortState {
  if (current?.sort !== sortKey) return { sort: sortKey, direction: 'asc' };
  if (current.direction === 'asc') return { sort: sortKey, direction: 'desc' };
  return null;
}

export function pageCount(total: number, rows: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, rows)));
}
