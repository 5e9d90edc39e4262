import { useMutation } from '@apollo/client/react';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ExportMenu } from '../../ui/data-table/export-menu';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { DeleteReferenceItemMutation, SetReferenceItemStatusMutation } from './reference.operations';
import { fieldLang, fieldText } from './reference-cells';
import { ReferenceDetailsDialog, StatusBadge } from './reference-details-dialog';
import { ReferenceFormDialog } from './reference-form-dialog';
import { ReferenceImportDialog } from './reference-import-dialog';
import { ReferenceInlineCreateProvider } from './reference-inline-create';
import {
  allowedActions,
  labelOf,
  listFields,
  type ReferenceDescriptor,
  type ScreenMode,
} from './reference-rules';
import { ReferenceSearchForm } from './reference-search-form';
import { REFERENCE_PAGE_ROWS, type ReferenceRow, useReferenceList } from './use-reference-list';

export interface ReferenceTypePanelProps {
  descriptor: ReferenceDescriptor;
  mode: ScreenMode;
}

/** One type's list on a screen: search, status filter, sortable columns, paging and row actions. */
export function ReferenceTypePanel({ descriptor, mode }: ReferenceTypePanelProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const typeLabel = labelOf(descriptor, language);
  const menuCodes = new Set(useSessionSnapshot().session?.user.menus.map((menu) => menu.code) ?? []);
  const may = allowedActions(descriptor, mode, menuCodes);
  const list = useReferenceList(descriptor.type);
  // undefined: no form; null: a new item; a row: that item.
  const [editing, setEditing] = useState<ReferenceRow | null | undefined>(undefined);
  const [shown, setShown] = useState<ReferenceRow | null>(null);
  const [deleting, setDeleting] = useState<ReferenceRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [setStatus] = useMutation(SetReferenceItemStatusMutation);
  const [remove, removal] = useMutation(DeleteReferenceItemMutation);
  const feedback = useActionFeedback();
  const yesNo = { yes: t('reference.yes'), no: t('reference.no') };

  const changeStatus = async (item: ReferenceRow, statusCode: 'A' | 'I') => {
    const ok = await feedback(
      () => setStatus({ variables: { type: descriptor.type, id: item.id, statusCode } }),
      statusCode === 'A'
        ? t('reference.activated', { code: item.code })
        : t('reference.deactivated', { code: item.code }),
    );
    if (ok) list.refetch();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await feedback(
      () => remove({ variables: { type: descriptor.type, id: deleting.id } }),
      t('reference.deleted', { code: deleting.code }),
    );
    // A refused delete (the item is in use) keeps the dialog closed: the toast says why.
    setDeleting(null);
    if (ok) list.refetch();
  };

  const columns: DataTableColumn<ReferenceRow>[] = listFields(descriptor).map((field) => ({
    id: field.name,
    header: labelOf(field, language),
    sortKey: field.sort ? field.name : undefined,
    align: field.kind === 'integer' || field.kind === 'decimal' ? 'end' : 'start',
    cell: (item) => <span lang={fieldLang(field)}>{fieldText(field, item, language, yesNo)}</span>,
  }));
  columns.push(
    {
      id: 'statusCode',
      header: t('reference.status'),
      sortKey: 'statusCode',
      cell: (item) => <StatusBadge statusCode={item.statusCode} />,
    },
    {
      id: 'actions',
      header: t('table.actions'),
      align: 'end',
      cell: (item) => (
        <HStack gap="1" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="outline" onClick={() => setShown(item)}>
            {t('table.details')}
          </Button>
          {may.edit && (
            <>
              <Button size="xs" variant="outline" onClick={() => setEditing(item)}>
                {t('form.edit')}
              </Button>
              {item.statusCode === 'A' ? (
                <Button size="xs" variant="outline" onClick={() => void changeStatus(item, 'I')}>
                  {t('reference.deactivate')}
                </Button>
              ) : (
                <Button size="xs" variant="outline" onClick={() => void changeStatus(item, 'A')}>
                  {t('reference.activate')}
                </Button>
              )}
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(item)}>
                {t('form.delete')}
              </Button>
            </>
          )}
        </HStack>
      ),
    },
  );

  return (
    <Stack gap="4">
      {(may.create || may.import) && (
        <HStack gap="2" wrap="wrap">
          {may.create && (
            <Button colorPalette="brand" onClick={() => setEditing(null)}>
              <Plus aria-hidden />
              {t('reference.create', { type: typeLabel })}
            </Button>
          )}
          {may.import && (
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden />
              {t('reference.importButton')}
            </Button>
          )}
        </HStack>
      )}
      <ReferenceSearchForm
        label={typeLabel}
        searchedLabels={descriptor.fields
          .filter((field) => field.search)
          .map((field) => labelOf(field, language))}
        initialValues={list.initialValues}
        onSearch={list.search}
      />
      <ExportMenu
        path={`reference/${descriptor.type}`}
        filters={{
          search: list.values.search.trim(),
          statusCode: list.values.statusCode,
          sort: list.sort?.sort,
          direction: list.sort?.direction,
        }}
      />
      <DataTable
        caption={typeLabel}
        columns={columns}
        rows={list.items}
        rowKey={(item) => String(item.id)}
        loading={list.loading}
        error={list.error}
        onRetry={list.refetch}
        sort={list.sort}
        onSortChange={list.changeSort}
        paging={{
          currentPage: list.page,
          rows: REFERENCE_PAGE_ROWS,
          total: list.total,
          onPageChange: list.setPage,
        }}
      />
      {editing !== undefined && (
        <ReferenceInlineCreateProvider>
          <ReferenceFormDialog descriptor={descriptor} item={editing} onClose={() => setEditing(undefined)} />
        </ReferenceInlineCreateProvider>
      )}
      {importing && <ReferenceImportDialog descriptor={descriptor} onClose={() => setImporting(false)} />}
      {shown && (
        <ReferenceDetailsDialog descriptor={descriptor} item={shown} onClose={() => setShown(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          open
          danger
          title={t('reference.deleteTitle', { type: typeLabel })}
          message={t('reference.deleteConfirm', { code: deleting.code, name: deleting.nameTh })}
          confirmLabel={t('form.delete')}
          loading={removal.loading}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
