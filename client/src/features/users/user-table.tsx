import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ExportMenu, listFilters } from '../../ui/data-table/export-menu';
import { unitName } from '../../ui/organisation/organisation-tree';
import type { UserListState, UserRow } from './use-user-list';
import { USER_PAGE_ROWS } from './user-search';
import { isAnonymised } from './user-status';
import { UserStatusBadges } from './user-status-badges';

export interface UserTableProps {
  caption: string;
  list: UserListState;
  /** The actions of each row (approve, edit, …); no action column when omitted. */
  actions?: (user: UserRow) => ReactNode;
  /** Rows to show instead of all loaded ones (e.g. only users with a pending transfer). */
  filterRows?: (user: UserRow) => boolean;
  extraColumns?: readonly DataTableColumn<UserRow>[];
}

/** The user list shared by every user-management screen. */
export function UserTable({ caption, list, actions, filterRows, extraColumns = [] }: UserTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: DataTableColumn<UserRow>[] = [
    {
      id: 'name',
      header: t('user.fields.name'),
      sortKey: 'firstname_th',
      cell: (user) => (
        <Stack gap="0">
          <Text fontWeight="600">{fullName(user)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {isAnonymised(user) ? user.username : `${user.username} · ${user.email}`}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'organisation',
      header: t('user.fields.organisation'),
      cell: (user) => (user.organisationUnit ? unitName(user.organisationUnit, language) : '—'),
    },
    {
      id: 'group',
      header: t('user.fields.group'),
      cell: (user) => `${user.userGroupName} (${user.userGroupCode})`,
    },
    {
      id: 'status',
      header: t('user.fields.status'),
      sortKey: 'user_status_code',
      cell: (user) => (
        <UserStatusBadges userStatus={user.userStatusCode} requestStatus={user.requestStatusCode} />
      ),
    },
    {
      id: 'createdAt',
      header: t('user.fields.createdAt'),
      sortKey: 'created_at',
      cell: (user) => formatBE(String(user.createdAt)),
    },
    ...extraColumns,
  ];
  if (actions) columns.push({ id: 'actions', header: t('table.actions'), align: 'end', cell: actions });
  const rows = filterRows ? list.users.filter(filterRows) : list.users;
  return (
    <Stack gap="3">
      <ExportMenu path="users" filters={listFilters(list.filter)} />
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(user) => user.id}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        sort={list.sort}
        onSortChange={list.changeSort}
        paging={{
          currentPage: list.page,
          rows: USER_PAGE_ROWS,
          total: list.total,
          onPageChange: list.setPage,
        }}
      />
    </Stack>
  );
}
