import type { ErrorLike } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import {
  RoyalDecorationClassesQuery,
  SetRoyalDecorationClassValueMutation,
} from './royal-decoration.operations';

const words = {
  title: { th: 'เกณฑ์มูลค่าการบริจาคสะสมของแต่ละชั้น', en: 'Cumulative donation value of each class' },
  intro: {
    th: 'ชั้นที่ขอพระราชทานคือชั้นสูงสุดที่มูลค่ารวมของรายการเสนอถึงเกณฑ์ คำนวณใหม่ทุกครั้งที่บันทึกและเมื่อส่งเสนอ',
    en: 'A proposal asks for the highest class its total reaches, worked out at each save and when it is proposed',
  },
  cls: { th: 'ชั้น', en: 'Class' },
  value: { th: 'มูลค่าขั้นต่ำ (บาท)', en: 'Minimum value (baht)' },
  save: { th: 'บันทึก', en: 'Save' },
} as const;

type Key = keyof typeof words;

/**
 * The classes of the Order of Direkgunabhorn and the value each asks for: read on view-royal-decoration,
 * changed on edit-royal-decoration (the server keeps them in order and answers a bad value in Thai
 * and English).
 */
export function DecorationClassesSection({ entry }: FeatureScreenProps) {
  const language = currentLanguage();
  const say = (key: Key) => words[key][language];
  const editable = entry.key === 'edit-royal-decoration';
  const query = useQuery(RoyalDecorationClassesQuery);
  const [setValue] = useMutation(SetRoyalDecorationClassValueMutation, {
    refetchQueries: ['RoyalDecorationClasses', 'RoyalDecorationEligibleDonors'],
  });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  type Row = NonNullable<typeof query.data>['royalDecorationClasses'][number];

  const save = async (row: Row) => {
    setFailure(null);
    setBusy(row.code);
    try {
      await setValue({ variables: { code: row.code, minValue: drafts[row.code] ?? row.minValue } });
      setDrafts(({ [row.code]: _, ...rest }) => rest);
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    setBusy(null);
  };

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'class',
      header: say('cls'),
      cell: (row) => `${language === 'en' ? row.nameEn : row.nameTh} (${row.abbreviation})`,
    },
    {
      id: 'value',
      header: say('value'),
      align: 'end',
      cell: (row) =>
        editable ? (
          <HStack gap="2" justify="end">
            <Input
              size="sm"
              maxW="40"
              textAlign="end"
              inputMode="decimal"
              aria-label={`${say('value')} ${language === 'en' ? row.nameEn : row.nameTh}`}
              value={drafts[row.code] ?? row.minValue}
              onChange={(e) => setDrafts((d) => ({ ...d, [row.code]: e.target.value }))}
            />
            <Button
              size="sm"
              loading={busy === row.code}
              disabled={drafts[row.code] === undefined}
              onClick={() => void save(row)}
            >
              {say('save')}
            </Button>
          </HStack>
        ) : (
          formatMoney(row.minValue)
        ),
    },
  ];

  return (
    <Stack gap="4" as="section" aria-label={say('title')}>
      <Heading as="h2" size="lg">
        {say('title')}
      </Heading>
      <Text color="fg.muted">{say('intro')}</Text>
      <FormErrorAlert error={failure} />
      <DataTable
        caption={say('title')}
        columns={columns}
        rows={query.data?.royalDecorationClasses ?? []}
        rowKey={(row) => row.code}
        loading={query.loading}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText="—"
      />
    </Stack>
  );
}
