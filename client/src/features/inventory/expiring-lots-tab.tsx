import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpiringLotsQuery as ExpiringLotsResult } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { TextField } from '../../ui/form/text-field';
import { number, object, string } from '../../ui/validation/yup';
import { ReferenceOptionSelect } from '../reference';
import { ExpiringLotsQuery } from './inventory.operations';
import { expiryText, lotText, quantityText } from './inventory-cells';
import { chosenId, InventoryFilterForm } from './inventory-filter-form';

type Lot = ExpiringLotsResult['expiringLots'][number];

export const DEFAULT_EXPIRY_DAYS = 30;

const expiringFilterSchema = object({
  storage: string().defined(),
  days: string()
    .required()
    .test('days', (value) => number().integer().min(0).max(3660).isValidSync(Number(value))),
});

/** Lots that expire within N days (expired ones too), soonest first. */
export function ExpiringLotsTab() {
  const { t } = useTranslation();
  const english = currentLanguage() === 'en';
  const [filter, setFilter] = useState({ storageId: null as number | null, withinDays: DEFAULT_EXPIRY_DAYS });
  const { data, loading, error, refetch } = useQuery(ExpiringLotsQuery, {
    variables: filter,
    fetchPolicy: 'cache-and-network',
  });
  const columns: DataTableColumn<Lot>[] = [
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
    {
      id: 'daysLeft',
      header: t('inventory.daysLeft'),
      cell: (row) => (row.daysLeft < 0 ? t('inventory.expired') : String(row.daysLeft)),
      align: 'end',
    },
    {
      id: 'available',
      header: t('inventory.available'),
      cell: (row) => quantityText(row.available),
      align: 'end',
    },
  ];
  return (
    <>
      <InventoryFilterForm
        initialValues={{ storage: '', days: String(DEFAULT_EXPIRY_DAYS) }}
        validationSchema={expiringFilterSchema}
        onApply={(values) =>
          setFilter({ storageId: chosenId(values.storage), withinDays: Number(values.days) })
        }
      >
        <ReferenceOptionSelect
          name="storage"
          label={t('inventory.storage')}
          refType="STORAGE"
          required={false}
        />
        <TextField name="days" label={t('inventory.withinDays')} inputMode="numeric" maxW="xs" required />
      </InventoryFilterForm>
      <DataTable
        caption={t('inventory.tabs.expiring')}
        columns={columns}
        rows={data?.expiringLots ?? []}
        rowKey={(row) => String(row.balanceId)}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        emptyText={t('inventory.emptyExpiring')}
      />
    </>
  );
}
