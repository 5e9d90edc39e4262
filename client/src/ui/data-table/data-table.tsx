import type { ErrorLike } from '@apollo/client';
import { Box, Button, Table, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../query-state';
import { type DataTableColumn, type DataTablePaging, nextSort, type SortState } from './data-table.types';
import { DataTablePager } from './data-table-pager';

export interface DataTableProps<Row> {
  /** Names the table for screen readers (rendered as its caption). */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  /** The failed load, if any (a NOT_FOUND answer shows as not found). */
  error?: ErrorLike | null;
  onRetry?: () => void;
  emptyText?: string;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  paging?: DataTablePaging;
}

/**
 * The one list component of the back office: server-side paging and sorting, and honest loading,
 * empty and error states. Rows already shown stay visible while the next page loads.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  error = null,
  onRetry,
  emptyText,
  sort = null,
  onSortChange,
  paging,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const showEmpty = !loading && !error && rows.length === 0;
  return (
    <Box>
      {error && <ErrorState error={error} onRetry={onRetry} />}
      <Table.ScrollArea borderWidth="1px" rounded="md" aria-busy={loading}>
        <Table.Root size="sm" stickyHeader interactive>
          <Table.Caption captionSide="top" textAlign="start" srOnly>
            {caption}
          </Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {columns.map((column) => (
                <Table.ColumnHeader
                  key={column.id}
                  textAlign={column.align === 'end' ? 'end' : 'start'}
                  aria-sort={ariaSort(sort, column.sortKey)}
                >
                  {column.sortKey && onSortChange ? (
                    <Button
                      variant="ghost"
                      size="xs"
                      px="1"
                      fontWeight="600"
                      onClick={() => onSortChange(nextSort(sort, column.sortKey ?? column.id))}
                    >
                      {column.header}
                      <SortIcon sort={sort} sortKey={column.sortKey} />
                    </Button>
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.id} textAlign={column.align === 'end' ? 'end' : 'start'}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {loading && <LoadingState />}
      {showEmpty && (
        <Text py="6" textAlign="center" color="fg.muted">
          {emptyText ?? t('table.empty')}
        </Text>
      )}
      {paging && paging.total > 0 && <DataTablePager {...paging} />}
    </Box>
  );
}

function ariaSort(sort: SortState, sortKey: string | undefined): 'ascending' | 'descending' | undefined {
  if (!sortKey || sort?.sort !== sortKey) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

function SortIcon({ sort, sortKey }: { sort: SortState; sortKey: string }) {
  if (sort?.sort !== sortKey) return <ArrowUpDown aria-hidden />;
  return sort.direction === 'asc' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />;
}
