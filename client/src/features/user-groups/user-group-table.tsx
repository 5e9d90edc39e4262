import { Badge, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ExportMenu } from '../../ui/data-table/export-menu';
import { GROUP_PAGE_ROWS, type UserGroupListState, type UserGroupRow } from './use-user-group-list';

export interface UserGroupTableProps {
  caption: string;
  list: UserGroupListState;
  actions?: (group: UserGroupRow) => ReactNode;
}

/** The user-group list shared by the view, edit and delete screens. */
export function UserGroupTable({ caption, list, actions }: UserGroupTableProps) {
  const { t } = useTranslation();
  const columns: DataTableColumn<UserGroupRow>[] = [
    { id: 'code', header: t('group.fields.code'), sortKey: 'code', cell: (group) => group.code },
    { id: 'name', header: t('group.fields.name'), sortKey: 'name', cell: (group) => group.name },
    {
      id: 'status',
      header: t('group.fields.status'),
      sortKey: 'statusCode',
      cell: (group) => (
        <Badge colorPalette={group.statusCode === 'A' ? 'green' : 'red'}>
          {group.statusCode === 'A' ? t('group.status.A') : t('group.status.I')}
        </Badge>
      ),
    },
    {
      id: 'menus',
      header: t('group.fields.menuCount'),
      align: 'end',
      cell: (group) => group.menuCodes.length,
    },
    {
      id: 'members',
      header: t('group.fields.memberCount'),
      align: 'end',
      cell: (group) => group.memberCount,
    },
  ];
  if (actions) columns.push({ id: 'actions', header: t('table.actions'), align: 'end', cell: actions });
  return (
    <Stack gap="3">
      <ExportMenu
        path="user-groups"
        filters={{
          code: list.values.code.trim(),
          name: list.values.name.trim(),
          statusCode: list.values.statusCode,
          sort: list.sort?.sort,
          direction: list.sort?.direction,
        }}
      />
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.groups}
        rowKey={(group) => group.code}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        sort={list.sort}
        onSortChange={list.changeSort}
        paging={{
          currentPage: list.page,
          rows: GROUP_PAGE_ROWS,
          total: list.total,
          onPageChange: list.setPage,
        }}
      />
    </Stack>
  );
}
