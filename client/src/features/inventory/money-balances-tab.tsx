import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { MoneyBalancesQuery as MoneyBalancesResult } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { MoneyBalancesQuery } from './inventory.operations';

type Balance = MoneyBalancesResult['moneyBalances'][number];

/** The balance of every money account in the user's scope. */
export function MoneyBalancesTab() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, loading, error, refetch } = useQuery(MoneyBalancesQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const columns: DataTableColumn<Balance>[] = [
    {
      id: 'account',
      header: t('inventory.account'),
      cell: (row) => `${row.accountCode} ${language === 'en' ? row.accountNameEn : row.accountNameTh}`,
    },
    { id: 'bank', header: t('inventory.bank'), cell: (row) => row.bankCode },
    { id: 'number', header: t('inventory.accountNumber'), cell: (row) => row.accountNumber },
    {
      id: 'balance',
      header: t('inventory.moneyBalance'),
      cell: (row) => formatMoney(row.balance),
      align: 'end',
    },
    {
      id: 'reserved',
      header: t('inventory.moneyReserved'),
      cell: (row) => formatMoney(row.reserved),
      align: 'end',
    },
    {
      id: 'available',
      header: t('inventory.moneyAvailable'),
      cell: (row) => formatMoney(row.available),
      align: 'end',
    },
  ];
  return (
    <DataTable
      caption={t('inventory.tabs.moneyBalances')}
      columns={columns}
      rows={data?.moneyBalances ?? []}
      rowKey={(row) => String(row.accountId)}
      loading={loading}
      error={error}
      onRetry={() => void refetch()}
      emptyText={t('inventory.emptyMoney')}
    />
  );
}
