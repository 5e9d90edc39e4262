import { useQuery } from '@apollo/client/react';
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockCardQuery as StockCardResult } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { object, string } from '../../ui/validation/yup';
import { useDocumentTypes } from '../documents/use-document-types';
import { ReferenceOptionSelect } from '../reference/reference-option-select';
import { StockCardQuery } from './inventory.operations';
import { lotText, postedText, quantityText, sourceText } from './inventory-cells';
import { InventoryFilterForm } from './inventory-filter-form';

type Entry = StockCardResult['stockCard'][number];

const cardFilterSchema = object({ storage: string().required(), resource: string().required() });

/** The movements of one resource in one storage, oldest first, with the running balance and their source. */
export function StockCardTab() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { descriptors } = useDocumentTypes();
  const [chosen, setChosen] = useState<{ storageId: number; resourceId: number } | null>(null);
  const { data, loading, error, refetch } = useQuery(StockCardQuery, {
    variables: chosen ?? { storageId: 0, resourceId: 0 },
    skip: chosen === null,
    fetchPolicy: 'cache-and-network',
  });
  const columns: DataTableColumn<Entry>[] = [
    { id: 'date', header: t('inventory.date'), cell: (row) => postedText(row.createdAt) },
    { id: 'movement', header: t('inventory.movement'), cell: (row) => row.movementType },
    { id: 'lot', header: t('inventory.lot'), cell: (row) => lotText(row.lot) },
    {
      id: 'quantity',
      header: t('inventory.quantity'),
      cell: (row) => quantityText(row.quantity),
      align: 'end',
    },
    {
      id: 'onHandAfter',
      header: t('inventory.balance'),
      cell: (row) => quantityText(row.onHandAfter),
      align: 'end',
    },
    {
      id: 'lotOnHandAfter',
      header: t('inventory.lotBalance'),
      cell: (row) => quantityText(row.lotOnHandAfter),
      align: 'end',
    },
    {
      id: 'source',
      header: t('inventory.source'),
      cell: (row) => sourceText(descriptors, row.documentType, row.documentId, language),
    },
    { id: 'reason', header: t('inventory.reason'), cell: (row) => row.reasonNameTh ?? '' },
  ];
  return (
    <>
      <InventoryFilterForm
        initialValues={{ storage: '', resource: '' }}
        validationSchema={cardFilterSchema}
        onApply={(values) =>
          setChosen(
            values.storage && values.resource
              ? { storageId: Number(values.storage), resourceId: Number(values.resource) }
              : null,
          )
        }
      >
        <ReferenceOptionSelect name="storage" label={t('inventory.storage')} refType="STORAGE" required />
        <ReferenceOptionSelect name="resource" label={t('inventory.resource')} refType="RESOURCE" required />
      </InventoryFilterForm>
      {chosen === null ? (
        <Text color="fg.muted">{t('inventory.chooseCard')}</Text>
      ) : (
        <DataTable
          caption={t('inventory.tabs.stockCard')}
          columns={columns}
          rows={data?.stockCard ?? []}
          rowKey={(row) => row.movementId}
          loading={loading}
          error={error}
          onRetry={() => void refetch()}
          emptyText={t('inventory.emptyCard')}
        />
      )}
    </>
  );
}
