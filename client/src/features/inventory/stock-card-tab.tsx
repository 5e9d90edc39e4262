import { useQuery } from '@apollo/client/react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockCardQuery as StockCardResult } from '../../gql/graphql';
import { formatBE } from '../../platform/dates';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { BEDateField } from '../../ui/form/be-date-field';
import { optionalBEDate } from '../../ui/validation/schemas';
import { object, string } from '../../ui/validation/yup';
import { useDocumentTypes } from '../documents';
import { ReferenceOptionSelect } from '../reference';
import { StockCardQuery } from './inventory.operations';
import { lotText, movementText, periodOf, postedText, quantityText } from './inventory-cells';
import { InventoryFilterForm } from './inventory-filter-form';
import { SourceDocumentLink } from './source-document-link';

type Page = StockCardResult['stockCardPage'];
type Entry = Page['entries'][number];

/** Movements per page; the next ones come with "more" (by key, after the last one shown). */
const PAGE = 100;

/** The screen's period until the officer chooses another: the last 30 Bangkok days, today included. */
export function defaultCardPeriod(now = new Date()): { from: string; to: string } {
  return { from: formatBE(new Date(now.getTime() - 29 * 86_400_000)), to: formatBE(now) };
}

const cardFilterSchema = object({
  storage: string().required(),
  resource: string().required(),
  from: optionalBEDate(),
  to: optionalBEDate(),
});

/** The movements of one resource in one storage, oldest first, with the running balance and their source. */
export function StockCardTab() {
  const { t } = useTranslation();
  const { descriptors } = useDocumentTypes();
  const [chosen, setChosen] = useState<{
    storageId: number;
    resourceId: number;
    from?: string;
    to?: string;
  } | null>(null);
  const [initialValues] = useState(() => ({ storage: '', resource: '', ...defaultCardPeriod() }));
  const { data, loading, error, refetch, fetchMore } = useQuery(StockCardQuery, {
    variables: { ...(chosen ?? { storageId: 0, resourceId: 0 }), first: PAGE },
    skip: chosen === null,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.stockCardPage;
  const more = (after: string) =>
    fetchMore({
      variables: { after },
      updateQuery: (previous, { fetchMoreResult }) => ({
        stockCardPage: {
          ...fetchMoreResult.stockCardPage,
          entries: [...previous.stockCardPage.entries, ...fetchMoreResult.stockCardPage.entries],
        },
      }),
    });
  const columns: DataTableColumn<Entry>[] = [
    { id: 'date', header: t('inventory.date'), cell: (row) => postedText(row.createdAt) },
    {
      id: 'movement',
      header: t('inventory.movement'),
      cell: (row) => movementText(t, 'stock', row.movementType),
    },
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
      cell: (row) => (
        <SourceDocumentLink
          descriptors={descriptors}
          documentType={row.documentType}
          documentId={row.documentId}
          documentNumber={row.documentNumber}
        />
      ),
    },
    { id: 'reason', header: t('inventory.reason'), cell: (row) => row.reasonNameTh ?? '' },
  ];
  return (
    <>
      <InventoryFilterForm
        initialValues={initialValues}
        validationSchema={cardFilterSchema}
        onApply={(values) =>
          setChosen(
            values.storage && values.resource
              ? {
                  storageId: Number(values.storage),
                  resourceId: Number(values.resource),
                  ...periodOf(values),
                }
              : null,
          )
        }
      >
        <ReferenceOptionSelect name="storage" label={t('inventory.storage')} refType="STORAGE" required />
        <ReferenceOptionSelect name="resource" label={t('inventory.resource')} refType="RESOURCE" required />
        <BEDateField name="from" label={t('inventory.from')} />
        <BEDateField name="to" label={t('inventory.to')} />
      </InventoryFilterForm>
      {chosen === null ? (
        <Text color="fg.muted">{t('inventory.chooseCard')}</Text>
      ) : (
        <>
          {chosen.from && page && <OpeningBalance from={chosen.from} opening={page.opening} />}
          <DataTable
            caption={t('inventory.tabs.stockCard')}
            columns={columns}
            rows={page?.entries ?? []}
            rowKey={(row) => row.movementId}
            loading={loading}
            error={error}
            onRetry={() => void refetch()}
            emptyText={t('inventory.emptyCard')}
          />
          {page?.nextCursor && (
            <HStack justify="center" pt="3">
              <Button
                size="sm"
                variant="outline"
                loading={loading}
                onClick={() => void more(page.nextCursor as string)}
              >
                {t('inventory.moreMovements', { count: page.entries.length })}
              </Button>
            </HStack>
          )}
        </>
      )}
    </>
  );
}

/** The balance the period opens with (the balance before its first day), in all and per lot. */
function OpeningBalance({ from, opening }: { from: string; opening: Page['opening'] }) {
  const { t } = useTranslation();
  const lots = opening.lots.map((l) => `${lotText(l.lot)} ${quantityText(l.onHand)}`).join(', ');
  return (
    <Text data-testid="stock-card-opening" fontSize="sm" mb="2">
      {t('inventory.opening', { date: formatBE(from), onHand: quantityText(opening.onHand) })}
      {lots && ` (${t('inventory.lot')}: ${lots})`}
    </Text>
  );
}
