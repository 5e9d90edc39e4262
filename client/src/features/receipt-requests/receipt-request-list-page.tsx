import { useQuery } from '@apollo/client/react';
import { Badge, Button, Stack } from '@chakra-ui/react';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptRequestsQuery as ListResult } from '../../gql/graphql';
import { formatBE, formatBEDateTime } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { useListState } from '../../ui/data-table/use-list-state';
import { statusLabel } from '../documents';
import { ReceiptRequestDetailsDialog } from './receipt-request-details-dialog';
import {
  emptyReceiptRequestSearch,
  RECEIPT_REQUEST_ROWS,
  toReceiptRequestVariables,
} from './receipt-request-search';
import { ReceiptRequestSearchForm } from './receipt-request-search-form';
import { ReceiptRequestsQuery } from './receipt-requests.operations';
import { receiptRequestTone, useReceiptRequestWorkflow } from './use-receipt-request-workflow';

type Row = ListResult['receiptRequests']['items'][number];

/** The menu that works the queue: its screen takes requests in, links, issues and rejects. */
export const WORK_MENU: MenuCode = 'MN-053';

/**
 * reqs-receipt-donation-resouce (MN-053): the queue of receipt requests still to be worked in the
 * person's data scope, each opened to take it in, link it to its donation, issue or reject it.
 * view-donation-reqs-history (MN-059): every request, searched, read-only.
 */
export function ReceiptRequestListPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queue = entry.code === WORK_MENU;
  const workflow = useReceiptRequestWorkflow();
  const list = useListState(emptyReceiptRequestSearch(queue));
  const query = useQuery(ReceiptRequestsQuery, {
    variables: toReceiptRequestVariables(list.values, list.page, list.sort),
    fetchPolicy: 'cache-and-network',
  });
  const [opened, setOpened] = useState<Row | null>(null);
  const page = query.data?.receiptRequests;

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'number',
      header: t('receiptRequest.trackingNumber'),
      sortKey: 'number',
      cell: (row) => (
        <Button variant="plain" size="sm" px="0" colorPalette="blue" onClick={() => setOpened(row)}>
          {row.number}
        </Button>
      ),
    },
    {
      id: 'createdAt',
      header: t('receiptRequest.submittedAt'),
      sortKey: 'createdAt',
      cell: (row) => formatBEDateTime(String(row.createdAt)),
    },
    { id: 'kind', header: t('receiptRequest.kind'), cell: (row) => t(`receiptRequest.kinds.${row.kind}`) },
    { id: 'requester', header: t('receiptRequest.requesterName'), cell: (row) => row.requesterName },
    {
      id: 'unit',
      header: t('receiptRequest.unit'),
      cell: (row) => (language === 'en' ? row.unitNameEn : row.unitNameTh),
    },
    {
      id: 'donatedOn',
      header: t('receiptRequest.donatedOn'),
      sortKey: 'donatedOn',
      cell: (row) => formatBE(row.donatedOn),
    },
    {
      id: 'amount',
      header: t('receiptRequest.amount'),
      align: 'end',
      cell: (row) => (row.amount ? formatMoney(row.amount) : '—'),
    },
    { id: 'linked', header: t('receiptRequest.linkedNumber'), cell: (row) => row.linkedNumber ?? '—' },
    {
      id: 'status',
      header: t('receiptRequest.status'),
      sortKey: 'status',
      cell: (row) => (
        <Badge colorPalette={receiptRequestTone(row.status)}>
          {workflow ? statusLabel(workflow, row.status, language) : row.status}
        </Badge>
      ),
    },
  ];

  return (
    <FeaturePage
      title={entryName(entry)}
      intro={t(queue ? 'receiptRequest.queueIntro' : 'receiptRequest.historyIntro')}
    >
      <Stack gap="6">
        <ReceiptRequestSearchForm
          queue={queue}
          workflow={workflow}
          initialValues={list.initialValues}
          onSearch={list.search}
        />
        <DataTable
          caption={entryName(entry)}
          columns={columns}
          rows={page?.items ?? []}
          rowKey={(row) => String(row.id)}
          loading={query.loading}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={t('receiptRequest.empty')}
          sort={list.sort}
          onSortChange={list.changeSort}
          paging={{
            currentPage: list.page,
            rows: RECEIPT_REQUEST_ROWS,
            total: page?.total ?? 0,
            onPageChange: list.setPage,
          }}
        />
      </Stack>
      {opened && (
        <ReceiptRequestDetailsDialog
          id={opened.id}
          works={queue}
          onClose={() => setOpened(null)}
          onChanged={() => void query.refetch()}
        />
      )}
    </FeaturePage>
  );
}
