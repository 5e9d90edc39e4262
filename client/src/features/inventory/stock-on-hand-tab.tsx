import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockOnHandQuery as StockOnHandResult } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ReferenceOptionSelect } from '../reference';
import { StockOnHandQuery } from './inventory.operations';
import { expiryText, lotText, quantityText } from './inventory-cells';
import { chosenId, InventoryFilterForm } from './inventory-filter-form';

type Balance = StockOnHandResult['stockOnHand'][number];

/** What every storage in the user's scope holds, by resource and lot, with its value in baht. */
export function StockOnHandTab() {
  const { t } = useTranslation();
  const english = currentLanguage() === 'en';
  const [storageId, setStorageId] = useState<number | null>(null);
  const { data, loading, error, refetch } = useQuery(StockOnHandQuery, {
    variables: { storageId },
    fetchPolicy: 'cache-and-network',
  });
  const columns: DataTableColumn<Balance>[] = [
    {
      id: 'storage',
      header: t('inventory.storage'),
      cell: (row) => `${row.storageCode} ${(english && row.storageNameEn) || row.storageNameTh}`,
    },
    {
      id: 'resource',
      header: t('inventory.resource'),
      cell: (row) => `${row.resourceCode} ${(english && row.resourceNameEn) || row.resourceNameTh}`,
    },
    { id: 'lot', header: t('inventory.lot'), cell: (row) => lotText(row.lot) },
    { id: 'expiry', header: t('inventory.expiry'), cell: (row) => expiryText(row.expiryDate) },
    { id: 'onHand', header: t('inventory.onHand'), cell: (row) => quantityText(row.onHand), align: 'end' },
    {
      id: 'reserved',
      header: t('inventory.reserved'),
      cell: (row) => quantityText(row.reserved),
      align: 'end',
    },
    {
      id: 'available',
      header: t('inventory.available'),
      cell: (row) => quantityText(row.available),
      align: 'end',
    },
    {
      id: 'inTransit',
      header: t('inventory.inTransit'),
      cell: (row) => quantityText(row.inTransit),
      align: 'end',
    },
    { id: 'value', header: t('inventory.value'), cell: (row) => formatMoney(row.value), align: 'end' },
  ];
  return (
    <>
      <InventoryFilterForm
        initialValues={{ storage: '' }}
        onApply={(values) => setStorageId(chosenId(values.storage))}
      >
        <ReferenceOptionSelect
          name="storage"
          label={t('inventory.storage')}
          refType="STORAGE"
          required={false}
        />
      </InventoryFilterForm>
      <DataTable
        caption={t('inventory.tabs.stockOnHand')}
        columns={columns}
        rows={data?.stockOnHand ?? []}
        rowKey={(row) => String(row.balanceId)}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        emptyText={t('inventory.emptyStock')}
      />
    </>
  );
}
