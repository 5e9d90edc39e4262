import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ExportMenu } from '../../ui/data-table/export-menu';
import { fieldText, labelOf, ReferenceSearchForm } from '../reference';
import { DocumentDetailsDialog } from './document-details-dialog';
import { DocumentFormDialog } from './document-form-dialog';
import { type DocumentScreen, screenCommands } from './document-rules';
import { DocumentStatusBadge } from './document-status-badge';
import { DOCUMENT_PAGE_ROWS, type DocumentRow, useDocumentList } from './use-document-list';

/**
 * One type's documents on a screen: search by number or remark, status filter, sortable columns,
 * paging; details for everyone, create and edit on work screens; the approval queue on approve screens.
 */
export function DocumentTypePanel({
  screen,
  openId = null,
}: {
  screen: DocumentScreen;
  openId?: number | null;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { descriptor } = screen;
  const typeLabel = labelOf(descriptor, language);
  const commands = screenCommands(screen);
  const list = useDocumentList(descriptor.type, screen.mode === 'APPROVE', screen.level);
  // undefined: no form; null: a new document; a number: that document.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  // A view route with a transaction id opens that document's details at once.
  const [shown, setShown] = useState<number | null>(openId);
  const yesNo = { yes: t('reference.yes'), no: t('reference.no') };

  const columns: DataTableColumn<DocumentRow>[] = [
    {
      id: 'number',
      header: t('documents.number'),
      sortKey: 'number',
      cell: (row) => row.number,
    },
    ...descriptor.header
      .filter((field) => field.list)
      .map(
        (field): DataTableColumn<DocumentRow> => ({
          id: field.name,
          header: labelOf(field, language),
          align: field.kind === 'integer' || field.kind === 'decimal' ? 'end' : 'start',
          cell: (row) =>
            fieldText(
              field,
              { values: row.header, display: row.display, displayEn: row.displayEn },
              language,
              yesNo,
            ),
        }),
      ),
    {
      id: 'status',
      header: t('documents.status'),
      sortKey: 'status',
      cell: (row) => <DocumentStatusBadge descriptor={descriptor} status={row.status} />,
    },
    {
      id: 'createdAt',
      header: t('documents.createdAt'),
      sortKey: 'createdAt',
      cell: (row) => (typeof row.createdAt === 'string' ? formatBE(row.createdAt) : ''),
    },
    {
      id: 'actions',
      header: t('table.actions'),
      align: 'end',
      cell: (row) => (
        <HStack gap="1" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="outline" onClick={() => setShown(row.id)}>
            {t('table.details')}
          </Button>
          {commands.edit && row.editable && (
            <Button size="xs" variant="outline" onClick={() => setEditing(row.id)}>
              {t('form.edit')}
            </Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      {commands.create && (
        <Button colorPalette="brand" alignSelf="start" onClick={() => setEditing(null)}>
          <Plus aria-hidden />
          {t('documents.create', { type: typeLabel })}
        </Button>
      )}
      {screen.level !== null && !list.loading && !list.error && (
        <Text role="status" fontWeight="semibold">
          {t('documents.waitingAtLevel', { level: screen.level, count: list.total })}
        </Text>
      )}
      <ReferenceSearchForm
        label={typeLabel}
        searchedLabels={[t('documents.number'), t('documents.remark')]}
        initialValues={list.initialValues}
        onSearch={list.search}
        statusOptions={descriptor.statuses.map((status) => ({
          value: status.code,
          label: labelOf(status, language),
        }))}
      />
      <ExportMenu
        path={`documents/${descriptor.type}`}
        filters={{
          search: list.values.search.trim(),
          status: list.values.statusCode,
          queue: screen.mode === 'APPROVE',
          level: screen.level,
          sort: list.sort?.sort,
          direction: list.sort?.direction,
        }}
      />
      <DataTable
        caption={typeLabel}
        columns={columns}
        rows={list.items}
        rowKey={(row) => String(row.id)}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        emptyText={screen.mode === 'APPROVE' ? t('documents.queueEmpty') : undefined}
        sort={list.sort}
        onSortChange={list.changeSort}
        paging={{
          currentPage: list.keyPage.page,
          rows: DOCUMENT_PAGE_ROWS,
          total: list.total,
          onPageChange: list.setPage,
          onMove: list.moveTo,
        }}
      />
      {editing !== undefined && (
        <DocumentFormDialog
          descriptor={descriptor}
          documentId={editing}
          onClose={() => setEditing(undefined)}
          onSaved={list.refetch}
        />
      )}
      {shown !== null && (
        <DocumentDetailsDialog
          screen={screen}
          id={shown}
          onClose={() => setShown(null)}
          onChanged={list.refetch}
        />
      )}
    </Stack>
  );
}
