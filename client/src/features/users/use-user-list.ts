import { useQuery } from '@apollo/client/react';
import type { UserSearchFilter } from '../../gql/graphql';
import { useListState } from '../../ui/data-table/use-list-state';
import { EMPTY_USER_SEARCH, toUserSearchFilter, type UserSearchValues } from './user-search';
import { UsersQuery } from './users.operations';

/**
 * Search values, page and sort of a user list, and the query they drive; `fixed` adds conditions
 * the screen always applies (the transfer screen: only users with a pending transfer).
 */
export function useUserList(initial: Partial<UserSearchValues> = {}, fixed: Partial<UserSearchFilter> = {}) {
  const list = useListState<UserSearchValues>({ ...EMPTY_USER_SEARCH, ...initial });
  const filter = { ...toUserSearchFilter(list.values, list.page, list.sort), ...fixed };
  const query = useQuery(UsersQuery, { variables: { filter }, fetchPolicy: 'cache-and-network' });
  return {
    ...list,
    /** The query's filter (the export takes it too). */
    filter,
    users: query.data?.users.items ?? [],
    total: query.data?.users.total ?? 0,
    loading: query.loading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type UserListState = ReturnType<typeof useUserList>;
export type UserRow = UserListState['users'][number];
