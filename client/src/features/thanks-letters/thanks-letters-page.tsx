import type { ErrorLike } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, HStack, Input, Stack } from '@chakra-ui/react';
import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useApiFetch } from '../../platform/api-fetch';
import { formatBE } from '../../platform/dates';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import { fileNameOf } from '../../platform/print';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { ThanksLettersQuery } from './thanks-letters.operations';

const ROWS = LIST_ROWS_DEFAULT;

const words = {
  search: { th: 'ค้นหา (ผู้บริจาค หรือเลขที่เอกสาร)', en: 'Search (donor or document number)' },
  find: { th: 'ค้นหา', en: 'Search' },
  date: { th: 'วันที่บริจาค', en: 'Donated on' },
  number: { th: 'เลขที่เอกสาร', en: 'Document number' },
  donor: { th: 'ผู้บริจาค', en: 'Donor' },
  unit: { th: 'หน่วยงานที่รับบริจาค', en: 'Receiving unit' },
  value: { th: 'จำนวนเงิน/มูลค่า (บาท)', en: 'Amount or value (baht)' },
  prints: { th: 'พิมพ์แล้ว (ครั้ง)', en: 'Printed (times)' },
  letter: { th: 'หนังสือขอบคุณ (PDF)', en: 'Thanks letter (PDF)' },
  empty: { th: 'ไม่มีรายการบริจาคที่อนุมัติแล้ว', en: 'No approved donations' },
} as const;

/**
 * view-thanks-letter-list (MN-148): approved money and goods donations in the person's data scope,
 * each with its thanks letter as a PDF. Every download is one print on the server: the first is the
 * original, later ones are marked พิมพ์ซ้ำ / REPRINT (the count is shown).
 */
export function ThanksLettersPage({ entry }: FeatureScreenProps) {
  const language = currentLanguage();
  const say = (key: keyof typeof words) => words[key][language];
  const api = useApiFetch();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const query = useQuery(ThanksLettersQuery, {
    variables: { search: search || null, currentPage: page, rows: ROWS },
    fetchPolicy: 'cache-and-network',
  });
  const data = query.data?.thanksLetters;
  type Row = NonNullable<typeof data>['items'][number];

  const download = async (row: Row) => {
    setFailure(null);
    setBusy(row.pdfPath);
    try {
      const response = await api(row.pdfPath);
      downloadBlob(fileNameOf(response, `thanks-letter-${row.number}.pdf`), await response.blob());
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    await query.refetch().catch(() => undefined);
    setBusy(null);
  };

  const columns: DataTableColumn<Row>[] = [
    { id: 'date', header: say('date'), cell: (row) => formatBE(row.donatedOn) },
    { id: 'number', header: say('number'), cell: (row) => row.number },
    {
      id: 'donor',
      header: say('donor'),
      cell: (row) => (language === 'en' ? row.donorNameEn : row.donorName),
    },
    { id: 'unit', header: say('unit'), cell: (row) => (language === 'en' ? row.unitNameEn : row.unitName) },
    { id: 'value', header: say('value'), align: 'end', cell: (row) => formatMoney(row.value) },
    { id: 'prints', header: say('prints'), align: 'end', cell: (row) => row.printCount },
    {
      id: 'letter',
      header: say('letter'),
      cell: (row) => (
        <Button size="sm" variant="outline" loading={busy === row.pdfPath} onClick={() => void download(row)}>
          <FileDown aria-hidden />
          {say('letter')}
        </Button>
      ),
    },
  ];

  return (
    <FeaturePage title={entryName(entry)}>
      <Stack gap="4">
        <HStack
          as="form"
          gap="2"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setSearch(text.trim());
          }}
        >
          <Input
            maxW="md"
            maxLength={100}
            aria-label={say('search')}
            placeholder={say('search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit">{say('find')}</Button>
        </HStack>
        <FormErrorAlert error={failure} />
        <DataTable
          caption={entryName(entry)}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(row) => `${row.documentType}-${row.id}`}
          loading={query.loading}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={say('empty')}
          paging={{ currentPage: page, rows: ROWS, total: data?.total ?? 0, onPageChange: setPage }}
        />
      </Stack>
    </FeaturePage>
  );
}
