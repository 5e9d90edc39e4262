import { useQuery } from '@apollo/client/react';
import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DonationHistoryQuery as DonationHistoryResult } from '../../gql/graphql';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ExportMenu, listFilters } from '../../ui/data-table/export-menu';
import { keyPageVariables, useListState } from '../../ui/data-table/use-list-state';
import { DocumentLink, DocumentStatusBadge, useDocumentTypes } from '../documents';
import { DonationHistoryQuery, DonationHistoryTotalsQuery } from './donation-history.operations';
import {
  DONATION_HISTORY_ROWS,
  donationDescriptors,
  EMPTY_DONATION_HISTORY_SEARCH,
  objectiveChoices,
  toDonationHistoryFilters,
  toDonationHistoryVariables,
} from './donation-history-search';
import { DonationHistorySearchForm } from './donation-history-search-form';
import { DonationHistoryTotalsPanel } from './donation-history-totals';

type Row = DonationHistoryResult['donationHistory']['items'][number];

const NO_MENUS: readonly string[] = [];

/**
 * view-donation-history-MSDHS (MN-058): every goods and money donation in the person's data scope,
 * searched by period, unit, donor, kind, objective and status, with the totals of the whole search
 * above the list. A document number opens the document when the person may read that type.
 */
export function DonationHistoryPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { descriptors } = useDocumentTypes();
  const menus = useSessionSnapshot().session?.user.menus.map((menu) => menu.code) ?? NO_MENUS;
  const list = useListState(EMPTY_DONATION_HISTORY_SEARCH);
  const query = useQuery(DonationHistoryQuery, {
    variables: {
      ...toDonationHistoryVariables(list.values, list.keyPage.page, list.sort),
      // By key: the last page costs what the first does (docs/donations.md "Donation history").
      ...keyPageVariables(list.keyPage, DONATION_HISTORY_ROWS),
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.donationHistory;
  // The totals are asked once per filter set: their variables are the filters only, so a new page or
  // order reads them from Apollo's cache (docs/donations.md "Donation history").
  const totals = useQuery(DonationHistoryTotalsQuery, {
    variables: toDonationHistoryFilters(list.values),
    fetchPolicy: 'cache-and-network',
  }).data?.donationHistoryTotals;
  const objectives = new Map(objectiveChoices(descriptors, language).map((o) => [o.value, o.label]));
  const typeOf = (row: Row) => donationDescriptors(descriptors).find((d) => d.type === row.documentType);

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'date',
      header: t('donationHistory.date'),
      sortKey: 'donatedOn',
      cell: (row) => formatBE(row.donatedOn),
    },
    {
      id: 'number',
      header: t('donationHistory.number'),
      sortKey: 'number',
      cell: (row) => {
        const descriptor = typeOf(row);
        // The details need the type's own view menu; without it the number is only text.
        return descriptor?.viewMenuCodes.some((code) => menus.includes(code)) ? (
          <DocumentLink descriptor={descriptor} id={row.id}>
            {row.number}
          </DocumentLink>
        ) : (
          row.number
        );
      },
    },
    { id: 'kind', header: t('donationHistory.kind'), cell: (row) => t(`donationHistory.kinds.${row.kind}`) },
    {
      id: 'donor',
      header: t('donationHistory.donor'),
      cell: (row) =>
        `${row.donorCode} ${language === 'en' && row.donorNameEn ? row.donorNameEn : row.donorNameTh}`,
    },
    {
      id: 'unit',
      header: t('donationHistory.receivingUnit'),
      cell: (row) => (language === 'en' ? row.unitNameEn : row.unitNameTh),
    },
    {
      id: 'objective',
      header: t('donationHistory.objective'),
      cell: (row) => objectives.get(row.objective) ?? row.objective,
    },
    {
      id: 'status',
      header: t('donationHistory.status'),
      sortKey: 'status',
      cell: (row) => {
        const descriptor = typeOf(row);
        return descriptor ? <DocumentStatusBadge descriptor={descriptor} status={row.status} /> : row.status;
      },
    },
    {
      id: 'value',
      header: t('donationHistory.value'),
      sortKey: 'value',
      align: 'end',
      cell: (row) => formatMoney(row.value),
    },
    {
      id: 'receipt',
      header: t('donationHistory.receipt'),
      cell: (row) =>
        row.receiptNumber
          ? row.receiptVoid
            ? t('donationHistory.receiptVoid', { number: row.receiptNumber })
            : row.receiptNumber
          : '—',
    },
  ];

  return (
    <FeaturePage title={entryName(entry)}>
      <Stack gap="6">
        <DonationHistorySearchForm
          descriptors={descriptors}
          initialValues={list.initialValues}
          onSearch={list.search}
        />
        {totals && <DonationHistoryTotalsPanel totals={totals} />}
        <ExportMenu
          path="donation-history"
          filters={listFilters(toDonationHistoryVariables(list.values, list.keyPage.page, list.sort))}
        />
        <DataTable
          caption={entryName(entry)}
          columns={columns}
          rows={page?.items ?? []}
          rowKey={(row) => `${row.documentType}-${row.id}`}
          loading={query.loading}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={t('donationHistory.empty')}
          sort={list.sort}
          onSortChange={list.changeSort}
          paging={{
            currentPage: list.keyPage.page,
            rows: DONATION_HISTORY_ROWS,
            total: page?.total ?? 0,
            onPageChange: list.setPage,
            onMove: (to) =>
              list.move(
                to,
                { startCursor: page?.startCursor, endCursor: page?.endCursor, total: page?.total ?? 0 },
                DONATION_HISTORY_ROWS,
              ),
          }}
        />
      </Stack>
    </FeaturePage>
  );
}
