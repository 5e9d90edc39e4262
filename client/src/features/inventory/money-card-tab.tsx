import { useQuery } from '@apollo/client/react';
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyCardQuery as MoneyCardResult } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { object, string } from '../../ui/validation/yup';
import { useDocumentTypes } from '../documents/use-document-types';
import { ReferenceOptionSelect } from '../reference/reference-option-select';
import { MoneyCardQuery } from './inventory.operations';
import { postedText, sourceText } from './inventory-cells';
import { chosenId, InventoryFilterForm } from './inventory-filter-form';

type Entry = MoneyCardResult['moneyCard'][number];

const accountFilterSchema = object({ account: string().required() });

/** The movements of one money account with the running balance and their source. */
export function MoneyCardTab() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { descriptors } = useDocumentTypes();
  const [accountId, setAccountId] = useState<number | null>(null);
  const { data, loading, error, refetch } = useQuery(MoneyCardQuery, {
    variables: { accountId: accountId ?? 0 },
    skip: accountId === null,
    fetchPolicy: 'cache-and-network',
  });
  const columns: DataTableColumn<Entry>[] = [
    { id: 'date', header: t('inventory.date'), cell: (row) => postedText(row.createdAt) },
    { id: 'movement', header: t('inventory.movement'), cell: (row) => row.movementType },
    { id: 'amount', header: t('inventory.amount'), cell: (row) => formatMoney(row.amount), align: 'end' },
    {
      id: 'balance',
      header: t('inventory.moneyBalance'),
      cell: (row) => formatMoney(row.balanceAfter),
      align: 'end',
    },
    {
      id: 'source',
      header: t('inventory.source'),
      cell: (row) => sourceText(descriptors, row.documentType, row.documentId, language),
    },
  ];
  return (
    <>
      <InventoryFilterForm
        initialValues={{ account: '' }}
        validationSchema={accountFilterSchema}
        onApply={(values) => setAccountId(chosenId(values.account))}
      >
        <ReferenceOptionSelect
          name="account"
          label={t('inventory.account')}
          refType="MONEY_ACCOUNT"
          required
        />
      </InventoryFilterForm>
      {accountId === null ? (
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
