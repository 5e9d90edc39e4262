import type { ErrorLike } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import {
  RoyalDecorationClassesQuery,
  RoyalDecorationEligibleDonorsQuery,
  StartRoyalDecorationProposalMutation,
} from './royal-decoration.operations';

const words = {
  title: { th: 'ผู้บริจาคที่มีคุณสมบัติได้รับการเสนอขอพระราชทาน', en: 'Donors eligible for a proposal' },
  intro: {
    th: 'มูลค่าสะสมของรายการบริจาคที่อนุมัติแล้วและยังไม่ถูกนับในรายการเสนอใด ถึงสิ้นปีงบประมาณ {{year}} ถึงเกณฑ์ชั้นต่ำสุด',
    en: 'Approved donations not yet counted in a proposal, up to the end of fiscal year {{year}}, reach the lowest class',
  },
  donor: { th: 'ผู้บริจาค', en: 'Donor' },
  count: { th: 'จำนวนรายการ', en: 'Donations' },
  total: { th: 'มูลค่าสะสม (บาท)', en: 'Cumulative value (baht)' },
  cls: { th: 'ชั้นที่ขอได้', en: 'Class reached' },
  start: { th: 'เริ่มรายการเสนอ', en: 'Start a proposal' },
  empty: { th: 'ยังไม่มีผู้บริจาคที่ถึงเกณฑ์', en: 'No donor reaches the lowest class yet' },
  started: {
    th: 'สร้างรายการเสนอ {{number}} (ร่าง) พร้อมรายการบริจาคแล้ว ตรวจสอบและส่งเสนอได้จากรายการด้านบน',
    en: 'Draft proposal {{number}} started with its donations; check and propose it in the list above',
  },
} as const;

type Key = keyof typeof words;

/**
 * Below add- and view-royal-decoration: the eligible donors of the current fiscal year (report 4.5);
 * on the add screen each row starts a draft proposal of the person's unit with the donor's donations
 * pre-selected (startRoyalDecorationProposal), which the kit's list above then shows.
 */
export function EligibleDonorsSection({ entry }: FeatureScreenProps) {
  const language = currentLanguage();
  const say = (key: Key, values: Record<string, string | number> = {}): string =>
    Object.entries(values).reduce<string>(
      (text, [k, v]) => text.replace(`{{${k}}}`, String(v)),
      words[key][language],
    );
  const canStart = entry.key === 'add-royal-decoration';
  const eligible = useQuery(RoyalDecorationEligibleDonorsQuery, { fetchPolicy: 'cache-and-network' });
  const classes = useQuery(RoyalDecorationClassesQuery);
  const [start] = useMutation(StartRoyalDecorationProposalMutation, { refetchQueries: ['Documents'] });
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const data = eligible.data?.royalDecorationEligibleDonors;
  type Row = NonNullable<typeof data>['donors'][number];
  const className = (code: string) => {
    const c = classes.data?.royalDecorationClasses.find((x) => x.code === code);
    return c ? `${language === 'en' ? c.nameEn : c.nameTh} (${c.abbreviation})` : code;
  };

  const begin = async (row: Row) => {
    setFailure(null);
    setStarted(null);
    setBusy(row.donorId);
    try {
      const result = await start({
        variables: {
          donorId: row.donorId,
          fiscalYear: data?.fiscalYear,
          idempotencyKey: crypto.randomUUID(),
        },
      });
      setStarted(result.data?.startRoyalDecorationProposal.number ?? null);
      await eligible.refetch();
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    setBusy(null);
  };

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'donor',
      header: say('donor'),
      cell: (row) =>
        `${row.donorCode} ${language === 'en' && row.donorNameEn ? row.donorNameEn : row.donorNameTh}`,
    },
    { id: 'count', header: say('count'), align: 'end', cell: (row) => row.donationCount },
    { id: 'total', header: say('total'), align: 'end', cell: (row) => formatMoney(row.totalValue) },
    { id: 'class', header: say('cls'), cell: (row) => className(row.classCode) },
    ...(canStart
      ? [
          {
            id: 'start',
            header: say('start'),
            cell: (row: Row) => (
              <Button size="sm" loading={busy === row.donorId} onClick={() => void begin(row)}>
                {say('start')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="4" as="section" aria-label={say('title')}>
      <Heading as="h2" size="lg">
        {say('title')}
      </Heading>
      {data && <Text color="fg.muted">{say('intro', { year: data.fiscalYear })}</Text>}
      <FormErrorAlert error={failure} />
      {started && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{say('started', { number: started })}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      <DataTable
        caption={say('title')}
        columns={columns}
        rows={data?.donors ?? []}
        rowKey={(row) => String(row.donorId)}
        loading={eligible.loading}
        error={eligible.error}
        onRetry={() => void eligible.refetch()}
        emptyText={say('empty')}
      />
    </Stack>
  );
}
