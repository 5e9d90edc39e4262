import { useQuery } from '@apollo/client/react';
import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import { useListState } from '../../ui/data-table/use-list-state';
import { UserGroupsQuery } from './user-groups.operations';

export const GROUP_PAGE_ROWS = LIST_ROWS_DEFAULT;

export interface UserGroupSearchValues {
  code: string;
  name: string;
  statusCode: string;
}

export const EMPTY_GROUP_SEARCH: UserGroupSearchValues = { code: '', name: '', statusCode: '' };

/** Search, page and sort of the user-group list (list-user-group), and the query they drive. */
export function useUserGroupList(initial: Partial<UserGroupSearchValues> = {}) {
  const list = useListState<UserGroupSearchValues>({ ...EMPTY_GROUP_SEARCH, ...initial });
  const { values, page, sort } = list;
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
    ...list,
    groups: query.data?.userGroups.items ?? [],
    total: query.data?.userGroups.total ?? 0,
    loading: query.loading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type UserGroupListState = ReturnType<typeof useUserGroupList>;
export type UserGroupRow = UserGroupListState['groups'][number];
