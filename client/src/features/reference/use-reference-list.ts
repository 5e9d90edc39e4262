import { useQuery } from '@apollo/client/react';
import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import type { ReferenceTypeName } from '../../gql/graphql';
import { useListState } from '../../ui/data-table/use-list-state';
import { ReferenceItemsQuery } from './reference.operations';

export const REFERENCE_PAGE_ROWS = LIST_ROWS_DEFAULT;

export interface ReferenceSearchValues {
  search: string;
  /** '' all, A active, I inactive. */
  statusCode: string;
}

export const EMPTY_REFERENCE_SEARCH: ReferenceSearchValues = { search: '', statusCode: '' };

/** Search, status filter, page and sort of one type's list, and the query they drive. */
export function useReferenceList(type: ReferenceTypeName) {
  const list = useListState<ReferenceSearchValues>(EMPTY_REFERENCE_SEARCH);
  const { values, page, sort } = list;
  const query = useQuery(ReferenceItemsQuery, {
    variables: {
      type,
      search: values.search.trim() || null,
      statusCode: values.statusCode || null,
      currentPage: page,
      rows: REFERENCE_PAGE_ROWS,
      sort: sort?.sort ?? null,
      direction: sort?.direction ?? null,
    },
    fetchPolicy: 'cache-and-network',
  });
  return {
    ...list,
    items: query.data?.referenceItems.items ?? [],
    total: query.data?.referenceItems.total ?? 0,
    loading: query.loading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type ReferenceListState = ReturnType<typeof useReferenceList>;
export type ReferenceRow = ReferenceListState['items'][number];
