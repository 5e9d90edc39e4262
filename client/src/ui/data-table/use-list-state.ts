import { useState } from 'react';
import type { SortState } from './data-table.types';

/**
 * The state every searchable list keeps: the search values, the page and the sort. A new search or
 * sort goes back to page 1. The list's own query reads `values`, `page` and `sort`.
 */
export function useListState<V>(initialValues: V) {
  const [initial] = useState<V>(initialValues);
  const [values, setValues] = useState<V>(initial);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>(null);
  return {
    initialValues: initial,
    values,
    search: (next: V) => {
      setValues(next);
      setPage(1);
    },
    page,
    setPage,
    sort,
    changeSort: (next: SortState) => {
      setSort(next);
      setPage(1);
    },
  };
}
