import { useState } from 'react';
import { type PageMove, pageCount, type SortState } from './data-table.types';

/** The page of a list paged by key: its number, and the cursor (or end) it is read from. */
export interface KeyPage {
  page: number;
  after?: string;
  before?: string;
  /** The last page, read from the end. */
  last?: boolean;
}

/** What the list's page answered that the next move needs. */
export interface KeyPageAnswer {
  startCursor?: string | null;
  endCursor?: string | null;
  total: number;
}

/**
 * The paging arguments of a page by key (docs/document-kit.md "Paging by key"): the first page, the
 * rows after or before a cursor, or the last page (the server answers the page numbers' last page).
 * `currentPage` is the page's number, which the server echoes for the pager.
 */
export function keyPageVariables(key: KeyPage, rows: number) {
  if (key.last) return { currentPage: key.page, rows, first: null, after: null, last: rows, before: null };
  if (key.before)
    return { currentPage: key.page, rows, first: null, after: null, last: rows, before: key.before };
  return { currentPage: key.page, rows, first: rows, after: key.after ?? null, last: null, before: null };
}

/** The page a move leads to from the page shown. */
export function movedKeyPage(move: PageMove, key: KeyPage, answer: KeyPageAnswer, rows: number): KeyPage {
  const pages = pageCount(answer.total, rows);
  if (move === 'first') return { page: 1 };
  if (move === 'last') return { page: pages, last: true };
  if (move === 'next')
    return answer.endCursor ? { page: Math.min(pages, key.page + 1), after: answer.endCursor } : key;
  if (key.page <= 2) return { page: 1 };
  return answer.startCursor ? { page: key.page - 1, before: answer.startCursor } : key;
}

/**
 * The state every searchable list keeps: the search values, the page and the sort. A new search or
 * sort goes back to page 1. The list's own query reads `values`, `page` and `sort`; a list paged by
 * key reads `keyPage` and moves with `move`.
 */
export function useListState<V>(initialValues: V) {
  const [initial] = useState<V>(initialValues);
  const [values, setValues] = useState<V>(initial);
  const [page, setPage] = useState(1);
  const [keyPage, setKeyPage] = useState<KeyPage>({ page: 1 });
  const [sort, setSort] = useState<SortState>(null);
  return {
    initialValues: initial,
    values,
    search: (next: V) => {
      setValues(next);
      setPage(1);
      setKeyPage({ page: 1 });
    },
    page,
    setPage,
    keyPage,
    move: (to: PageMove, answer: KeyPageAnswer, rows: number) =>
      setKeyPage(movedKeyPage(to, keyPage, answer, rows)),
    sort,
    changeSort: (next: SortState) => {
      setSort(next);
      setPage(1);
      setKeyPage({ page: 1 });
    },
  };
}
