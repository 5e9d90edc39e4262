import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Checkbox, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EDonationRowFieldsFragment } from '../../gql/graphql';
import { formatBE, formatBEDateTime } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ExportMenu } from '../../ui/data-table/export-menu';
import { useListState } from '../../ui/data-table/use-list-state';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { toaster } from '../../ui/toaster';
import {
  EDonationRowsQuery,
  MarkEDonationKeyedMutation,
  UnmarkEDonationKeyedMutation,
} from './e-donation.operations';
import {
  E_DONATION_ROWS,
  EMPTY_E_DONATION_SEARCH,
  eDonationFilters,
  toEDonationVariables,
} from './e-donation-search';
import { EDonationSearchForm } from './e-donation-search-form';
import { EDonationTotalsPanel } from './e-donation-totals';

type Row = EDonationRowFieldsFragment;

const REASON_MAX = 500;
const keyOf = (row: Row) => `${row.kind}-${row.id}`;

/** view-data-revenue (MN-112): the rows, their totals and who keyed them; read only. */
export function EDonationViewPage({ entry }: FeatureScreenProps) {
  return <EDonationPage entry={entry} canExport={false} />;
}

/** export-data-revenue (MN-111): the same list, downloaded as XLSX or CSV and marked as keyed. */
export function EDonationExportPage({ entry }: FeatureScreenProps) {
  return <EDonationPage entry={entry} canExport />;
}

/**
 * The e-Donation rows (docs/e-donation.md): approved money donations and valued goods donations in the
 * person's data scope, by Buddhist-era period, unit, keying status and kind, oldest first, with the
 * totals of the whole search. Staff with the export menu download the file, key the rows into the
 * Revenue Department's e-Donation system, then mark them here (several at once); a mark taken back
 * needs a reason. A row not keyed by the 5th of the next month shows as overdue.
 */
function EDonationPage({ entry, canExport }: FeatureScreenProps & { canExport: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useListState(EMPTY_E_DONATION_SEARCH);
  const query = useQuery(EDonationRowsQuery, {
    variables: toEDonationVariables(list.values, list.page),
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.eDonationRows;
  const rows = page?.items ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = rows.filter((row) => selected.has(keyOf(row)));
  const [mark, marking] = useMutation(MarkEDonationKeyedMutation);
  const [unmark, unmarking] = useMutation(UnmarkEDonationKeyedMutation);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');

  const refs = (list: readonly Row[]) => list.map((row) => ({ kind: row.kind, id: row.id }));
  const done = async (changed: number) => {
    toaster.create({ type: 'success', title: t('eDonation.marks.done', { count: changed }) });
    setSelected(new Set());
    await query.refetch();
  };
  const markChosen = async () => {
    try {
      const result = await mark({ variables: { donations: refs(chosen) } });
      await done(result.data?.markEDonationKeyed.changed ?? 0);
    } catch {
      // Shown by FormErrorAlert below.
    }
  };
  const unmarkChosen = async () => {
    try {
      const result = await unmark({ variables: { donations: refs(chosen), reason: reason.trim() } });
      setAsking(false);
      setReason('');
      await done(result.data?.unmarkEDonationKeyed.changed ?? 0);
    } catch {
      setAsking(false);
    }
  };
  const toggle = (row: Row, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(keyOf(row));
    else next.delete(keyOf(row));
    setSelected(next);
  };
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(keyOf(row)));

  const columns: DataTableColumn<Row>[] = [
    ...(canExport
      ? [
          {
            id: 'select',
            header: t('eDonation.select'),
            cell: (row: Row) => (
              <Checkbox.Root
                checked={selected.has(keyOf(row))}
                onCheckedChange={(details) => toggle(row, details.checked === true)}
              >
                <Checkbox.HiddenInput aria-label={t('eDonation.selectRow', { number: row.number })} />
                <Checkbox.Control />
              </Checkbox.Root>
            ),
          },
        ]
      : []),
    { id: 'date', header: t('eDonation.date'), cell: (row) => formatBE(row.donatedOn) },
    { id: 'taxId', header: t('eDonation.taxId'), cell: (row) => row.donorTaxId },
    {
      id: 'donor',
      header: t('eDonation.donor'),
      cell: (row) => (language === 'en' && row.donorNameEn ? row.donorNameEn : row.donorName),
    },
    {
      id: 'type',
      header: t('eDonation.type'),
      cell: (row) => `${row.revenueTypeCode} ${language === 'en' ? row.revenueTypeEn : row.revenueTypeTh}`,
    },
    { id: 'value', header: t('eDonation.value'), align: 'end', cell: (row) => formatMoney(row.value) },
    { id: 'receipt', header: t('eDonation.receipt'), cell: (row) => row.receiptNumber },
    { id: 'number', header: t('eDonation.number'), cell: (row) => row.number },
    {
      id: 'unit',
      header: t('eDonation.receivingUnit'),
      cell: (row) => (language === 'en' ? row.unitNameEn : row.unitNameTh),
    },
    { id: 'due', header: t('eDonation.due'), cell: (row) => formatBE(row.dueOn) },
    {
      id: 'keying',
      header: t('eDonation.keying'),
      cell: (row) =>
        row.keyedAt ? (
          <Stack gap="0">
            <Badge colorPalette="green" alignSelf="start">
              {t('eDonation.keyings.KEYED')}
            </Badge>
            <Text fontSize="xs" color="fg.muted">
              {t('eDonation.keyedBy', {
                name: row.keyedByName ?? row.keyedByUsername,
                at: formatBEDateTime(row.keyedAt as string),
              })}
            </Text>
          </Stack>
        ) : row.overdue ? (
          <Badge colorPalette="red">{t('eDonation.keyings.OVERDUE')}</Badge>
        ) : (
          <Badge>{t('eDonation.keyings.NOT_KEYED')}</Badge>
        ),
    },
  ];

  return (
    <FeaturePage title={entryName(entry)} intro={t('eDonation.intro')}>
      <Stack gap="6">
        <EDonationSearchForm
          initialValues={list.initialValues}
          onSearch={(values) => {
            setSelected(new Set());
            list.search(values);
          }}
        />
        {page && <EDonationTotalsPanel totals={page.totals} />}
        {canExport && <ExportMenu path="e-donation" filters={eDonationFilters(list.values)} />}
        {canExport && (
          <Stack gap="2">
            <HStack gap="3" wrap="wrap">
              <Button
                variant="outline"
                disabled={rows.length === 0}
                onClick={() => setSelected(allOnPage ? new Set() : new Set(rows.map(keyOf)))}
              >
                {allOnPage ? t('eDonation.marks.clearPage') : t('eDonation.marks.selectPage')}
              </Button>
              <Button
                colorPalette="green"
                disabled={chosen.length === 0}
                loading={marking.loading}
                onClick={() => void markChosen()}
              >
                {t('eDonation.marks.mark', { count: chosen.length })}
              </Button>
              <Button variant="outline" disabled={chosen.length === 0} onClick={() => setAsking(true)}>
                {t('eDonation.marks.unmark', { count: chosen.length })}
              </Button>
            </HStack>
            <FormErrorAlert error={marking.error ?? unmarking.error} />
          </Stack>
        )}
        <DataTable
          caption={entryName(entry)}
          columns={columns}
          rows={rows}
          rowKey={keyOf}
          loading={query.loading}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={t('eDonation.empty')}
          paging={{
            currentPage: list.page,
            rows: E_DONATION_ROWS,
            total: page?.totals.count ?? 0,
            onPageChange: list.setPage,
          }}
        />
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('eDonation.marks.unmarkTitle', { count: chosen.length })}
        message={t('eDonation.marks.unmarkMessage')}
        confirmLabel={t('eDonation.marks.unmarkConfirm')}
        danger
        loading={unmarking.loading}
        confirmDisabled={!reason.trim() || [...reason].length > REASON_MAX}
        onConfirm={() => void unmarkChosen()}
        onCancel={() => setAsking(false)}
      >
        <Field.Root required invalid={[...reason].length > REASON_MAX}>
          <Field.Label>
            {t('eDonation.marks.reason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Field.ErrorText>{t('validation.maxLength', { max: REASON_MAX })}</Field.ErrorText>
        </Field.Root>
      </ConfirmDialog>
    </FeaturePage>
  );
}
