import { useQuery } from '@apollo/client/react';
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyCardQuery as MoneyCardResult } from '../../gql/graphql';
import { formatMoney } from '../../platform/money';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { BEDateField } from '../../ui/form/be-date-field';
import { optionalBEDate } from '../../ui/validation/schemas';
import { object, string } from '../../ui/validation/yup';
import { useDocumentTypes } from '../documents';
import { ReferenceOptionSelect } from '../reference';
import { MoneyCardQuery } from './inventory.operations';
import { movementText, periodOf, postedText } from './inventory-cells';
import { chosenId, InventoryFilterForm } from './inventory-filter-form';
import { SourceDocumentLink } from './source-document-link';

type Entry = MoneyCardResult['moneyCard'][number];

const accountFilterSchema = object({
  account: string().required(),
  from: optionalBEDate(),
  to: optionalBEDate(),
});

/** The movements of one money account with the running balance and their source. */
export function MoneyCardTab() {
  const { t } = useTranslation();
  const { descriptors } = useDocumentTypes();
  const [chosen, setChosen] = useState<{ accountId: number; from?: string; to?: string } | null>(null);
  const { data, loading, error, refetch } = useQuery(MoneyCardQuery, {
    variables: chosen ?? { accountId: 0 },
    skip: chosen === null,
    fetchPolicy: 'cache-and-network',
  });
  const columns: DataTableColumn<Entry>[] = [
    { id: 'date', header: t('inventory.date'), cell: (row) => postedText(row.createdAt) },
    {
      id: 'movement',
      header: t('inventory.movement'),
      cell: (row) => movementText(t, 'money', row.movementType),
    },
    { id: 'amount', header: t('inventory.amount'), cell: (row) => formatMoney(row.amount), align: 'end' },
    {
      id: 'balance',
      header: t('inventory.moneyBalance'),
      cell: (row) => formatMoney(row.balanceAfter),
      align: 'end',
    },
    {
      id: 'reserved',
      header: t('inventory.moneyReserved'),
      cell: (row) => formatMoney(row.reservedAfter),
      align: 'end',
    },
    {
      id: 'source',
      header: t('inventory.source'),
      cell: (row) => (
        <SourceDocumentLink
          descriptors={descriptors}
          documentType={row.documentType}
          documentId={row.documentId}
          documentNumber={row.documentNumber}
        />
      ),
    },
  ];
  return (
    <>
      <InventoryFilterForm
        initialValues={{ account: '', from: '', to: '' }}
        validationSchema={accountFilterSchema}
        onApply={(values) => {
          const accountId = chosenId(values.account);
          setChosen(accountId === null ? null : { accountId, ...periodOf(values) });
        }}
      >
        <ReferenceOptionSelect
          name="account"
          label={t('inventory.account')}
          refType="MONEY_ACCOUNT"
          required
        />
        <BEDateField name="from" label={t('inventory.from')} />
        <BEDateField name="to" label={t('inventory.to')} />
      </InventoryFilterForm>
      {chosen === null ? (
        <Text color="fg.muted">{t('inventory.chooseAccount')}</Text>
      ) : (
        <DataTable
          caption={t('inventory.tabs.moneyCard')}
          columns={columns}
          rows={data?.moneyCard ?? []}
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
