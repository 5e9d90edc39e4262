import type { ErrorLike } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Box, Button, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportQuery as ReportResult } from '../../gql/graphql';
import { useApiFetch } from '../../platform/api-fetch';
import { formatBE, yearListBE } from '../../platform/dates';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import type { Language } from '../../platform/language';
import { formatMoney, formatQuantity } from '../../platform/money';
import { fileNameOf } from '../../platform/print';
import { Chart, type ChartKind } from '../../ui/chart/chart';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ExportMenu } from '../../ui/data-table/export-menu';
import { SearchActions } from '../../ui/data-table/search-actions';
import { AddressProvincesQuery } from '../../ui/form/address.queries';
import { BEDateField } from '../../ui/form/be-date-field';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { SelectField } from '../../ui/form/select-field';
import { LoadingState } from '../../ui/query-state';
import { ReferenceOptionSelect } from '../reference';
import { chartLabel } from './report-chart-labels';
import {
  EMPTY_REPORT_FILTERS,
  type ReportFilterValues,
  reportFiltersSchema,
  toReportFilters,
} from './report-filters';
import { ReportQuery } from './reports.operations';

/** Rows per page of a report's table. */
export const REPORT_ROWS = 50;

type Descriptor = ReportResult['report']['report'];
type Column = Descriptor['columns'][number];
interface Row {
  index: number;
  cells: readonly (string | null)[];
}

const label = (item: { labelTh: string; labelEn: string }, language: Language) =>
  language === 'en' ? item.labelEn : item.labelTh;

/** A cell as people read it: money with two places, quantities, Buddhist-era days. */
export function formatCell(kind: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (kind === 'money') return formatMoney(value);
  if (kind === 'quantity') return formatQuantity(value);
  if (kind === 'integer') return Number(value).toLocaleString('th-TH');
  if (kind === 'date') return formatBE(value);
  return value;
}

const numeric = (kind: string) => kind === 'money' || kind === 'quantity' || kind === 'integer';

/** A row link the server sent: only a path on this server's API is opened. */
export const isRowLink = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.startsWith('/api/') && !value.startsWith('//');

/**
 * Any declared report: its filters, its chart and its table with the totals over every row. The
 * descriptor comes with the first answer; the form then shows the filters the report takes.
 */
export function ReportView({ reportKey }: { reportKey: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const api = useApiFetch();
  const [values, setValues] = useState<ReportFilterValues>(EMPTY_REPORT_FILTERS);
  const [page, setPage] = useState(1);
  const [opening, setOpening] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const query = useQuery(ReportQuery, {
    variables: { key: reportKey, filters: toReportFilters(values), page, pageSize: REPORT_ROWS, language },
    fetchPolicy: 'cache-and-network',
  });
  // A row link (a document the server renders, e.g. a thanks letter) is fetched with the session and
  // offered as a download; the report is read again, as opening it may change the row (a print count).
  const open = async (path: string) => {
    setFailure(null);
    setOpening(path);
    try {
      const response = await api(path);
      downloadBlob(fileNameOf(response, path.split('/').filter(Boolean).join('-')), await response.blob());
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    await query.refetch().catch(() => undefined);
    setOpening(null);
  };
  // The last answer stays while the next loads: the form keeps what was typed, the rows stay visible.
  const result = (query.data ?? query.previousData)?.report;
  const descriptor = result?.report;

  if (!descriptor) {
    return query.loading ? (
      <LoadingState />
    ) : (
      <DataTable caption={reportKey} columns={[]} rows={[]} rowKey={() => ''} error={query.error} />
    );
  }
  const title = label({ labelTh: descriptor.titleTh, labelEn: descriptor.titleEn }, language);
  const columns: DataTableColumn<Row>[] = descriptor.columns.map((column: Column, i: number) => ({
    id: column.key,
    header: label(column, language),
    align: numeric(column.kind) ? 'end' : 'start',
    cell: (row: Row) => {
      if (column.kind !== 'link') return formatCell(column.kind, row.cells[i] ?? null);
      const path = row.cells[i];
      if (!isRowLink(path)) return '—';
      return (
        <Button size="sm" variant="outline" loading={opening === path} onClick={() => void open(path)}>
          <FileDown aria-hidden />
          {label(column, language)}
        </Button>
      );
    },
  }));
  const rows: Row[] = (result?.rows ?? []).map((r, index) => ({ index, cells: r.cells }));
  const totals = descriptor.columns
    .map((column, i) => ({ column, value: result?.totals[i] ?? null }))
    .filter((x) => x.value !== null);
  return (
    <Stack gap="6">
      <ReportFiltersForm
        descriptor={descriptor}
        onSearch={(next) => {
          setValues(next);
          setPage(1);
        }}
      />
      {descriptor.defaultsToFiscalYear && !values.from && !values.to && !values.fiscalYear && (
        <Text color="fg.muted">{t('reports.currentFiscalYear')}</Text>
      )}
      {totals.length > 0 && (
        <Box borderWidth="1px" rounded="md" p="4" bg="bg.subtle">
          <Heading as="h2" size="sm" mb="2">
            {t('reports.totals', { count: result?.rowCount ?? 0 })}
          </Heading>
          <Table.Root size="sm" aria-label={t('reports.totalsTable')}>
            <Table.Body>
              {totals.map(({ column, value }) => (
                <Table.Row key={column.key}>
                  <Table.Cell>{label(column, language)}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid={`total-${column.key}`}>
                    {formatCell(column.kind, value)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {result && result.chartLabels.length > 0 && (
        <Chart
          kind={descriptor.chartKind as ChartKind}
          title={title}
          labels={result.chartLabels.map((l) => chartLabel(l, language))}
          series={result.chartSeries.map((s) => ({ label: label(s, language), values: s.values }))}
        />
      )}
      <ExportMenu path={`reports/${reportKey}`} filters={toReportFilters(values)} />
      <FormErrorAlert error={failure} />
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.index)}
        loading={query.loading}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('reports.empty')}
        paging={{ currentPage: page, rows: REPORT_ROWS, total: result?.rowCount ?? 0, onPageChange: setPage }}
      />
    </Stack>
  );
}

function ReportFiltersForm({
  descriptor,
  onSearch,
}: {
  descriptor: Descriptor;
  onSearch: (values: ReportFilterValues) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const has = (kind: string) => descriptor.filters.includes(kind);
  const provinces = useQuery(AddressProvincesQuery, { skip: !has('province') });
  const choices = (items: readonly { code: string; labelTh: string; labelEn: string }[]) =>
    items.map((i) => ({ value: i.code, label: label(i, language) }));
  return (
    <Formik initialValues={EMPTY_REPORT_FILTERS} validationSchema={reportFiltersSchema} onSubmit={onSearch}>
      {({ resetForm }) => (
        <Form noValidate role="search" aria-label={t('reports.filters')}>
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
            {has('period') && (
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <SelectField
                  name="fiscalYear"
                  label={t('reports.fiscalYear')}
                  placeholder={t('form.all')}
                  options={yearListBE().map((y) => ({ value: String(y), label: String(y) }))}
                />
                {/* A cumulative report (4.5) counts everything up to the period's last day: no first day. */}
                {!descriptor.cumulativePeriod && <BEDateField name="from" label={t('reports.from')} />}
                <BEDateField
                  name="to"
                  label={t(descriptor.cumulativePeriod ? 'reports.upTo' : 'reports.to')}
                />
              </SimpleGrid>
            )}
            {has('unit') && (
              <OrganisationPathField
                name="organisation"
                legend={t('reports.unit')}
                emptyLabel={t('form.all')}
              />
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {has('storage') && (
                <ReferenceOptionSelect
                  name="storageId"
                  label={t('reports.storage')}
                  refType="STORAGE"
                  required={false}
                />
              )}
              {has('resource') && (
                <ReferenceOptionSelect
                  name="resourceId"
                  label={t('reports.resource')}
                  refType="RESOURCE"
                  required={false}
                />
              )}
              {has('account') && (
                <ReferenceOptionSelect
                  name="accountId"
                  label={t('reports.account')}
                  refType="MONEY_ACCOUNT"
                  required={false}
                />
              )}
              {has('province') && (
                <SelectField
                  name="provinceId"
                  label={t('reports.province')}
                  placeholder={t('form.all')}
                  options={(provinces.data?.provinces ?? []).map((p) => ({
                    value: String(p.id),
                    label: language === 'en' ? p.nameEn : p.nameTh,
                  }))}
                />
              )}
              {has('donorType') && (
                <SelectField
                  name="donorType"
                  label={t('reports.donorType')}
                  placeholder={t('form.all')}
                  options={choices(descriptor.donorTypes)}
                />
              )}
              {has('objective') && (
                <SelectField
                  name="objective"
                  label={t('reports.objective')}
                  placeholder={t('form.all')}
                  options={choices(descriptor.objectives)}
                />
              )}
              {has('status') && (
                <SelectField
                  name="status"
                  label={t('reports.status')}
                  placeholder={t('form.all')}
                  options={choices(descriptor.statuses)}
                />
              )}
            </SimpleGrid>
            <SearchActions
              onClear={() => {
                resetForm({ values: EMPTY_REPORT_FILTERS });
                onSearch(EMPTY_REPORT_FILTERS);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
