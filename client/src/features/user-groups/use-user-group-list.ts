import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { SortState } from '../../ui/data-table/data-table.types';
import { UserGroupsQuery } from './user-groups.operations';

export const GROUP_PAGE_ROWS = 20;

export interface UserGroupSearchValues {
  code: string;
  name: string;
  statusCode: string;
}

export const EMPTY_GROUP_SEARCH: UserGroupSearchValues = { code: '', name: '', statusCode: '' };

/** Search, page and sort of the user-group list (list-user-group), and the query they drive. */
export function useUserGroupList(initial: Partial<UserGroupSearchValues> = {}) {
  const [initialValues] = useState<UserGroupSearchValues>(() => ({ ...EMPTY_GROUP_SEARCH, ...initial }));
  const [values, setValues] = useState(initialValues);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>(null);
  const query = useQuery(UserGroupsQuery, {
    variables: {
      currentPage: page,
      rows: GROUP_PAGE_ROWS,
      code: values.code.trim() || null,
      name: values.name.trim() || null,
      statusCode: values.statusCode || null,
      sort: sort?.sort ?? null,
      // Specification sec. 7: direction is omitted when the list is unsorted.
      direction: sort?.direction ?? null,
    },
    fetchPolicy: 'cache-and-network',
  });
  return {
    initialValues,
    search: (next: UserGroupSearchValues) => {
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
    groups: query.data?.userGroups.items ?? [],
    total: query.data?.userGroups.total ?? 0,
    loading: query.loading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type UserGroupListState = ReturnType<typeof useUserGroupList>;
export type UserGroupRow = UserGroupListState['groups'][number];
