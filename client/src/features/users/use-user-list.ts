import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { SortState } from '../../ui/data-table/data-table.types';
import { EMPTY_USER_SEARCH, toUserSearchFilter, type UserSearchValues } from './user-search';
import { UsersQuery } from './users.operations';

/** Search values, page and sort of a user list, and the query they drive. */
export function useUserList(initial: Partial<UserSearchValues> = {}) {
  const [initialValues] = useState<UserSearchValues>(() => ({ ...EMPTY_USER_SEARCH, ...initial }));
  const [values, setValues] = useState<UserSearchValues>(initialValues);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState>(null);
  const filter = toUserSearchFilter(values, page, sort);
  const query = useQuery(UsersQuery, { variables: { filter }, fetchPolicy: 'cache-and-network' });
  return {
    initialValues,
    values,
    search: (next: UserSearchValues) => {
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
    users: query.data?.users.items ?? [],
    total: query.data?.users.total ?? 0,
    loading: query.loading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type UserListState = ReturnType<typeof useUserList>;
export type UserRow = UserListState['users'][number];
