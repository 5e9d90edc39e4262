import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MyDonationHistoryQuery } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { formatBaht } from '../../platform/money';

export type TaxYearRow = MyDonationHistoryQuery['myDonationHistory']['taxYears'][number];

/**
 * What the donor claims per tax year: the receipts in force issued in each calendar year (Buddhist
 * era), money receipts and goods evidence, newest year first.
 */
export function TaxYearTotals({ years }: { years: readonly TaxYearRow[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const baht = (amount: string) => formatBaht(amount, language);
  return (
    <Stack as="section" gap="3" aria-labelledby="tax-years-heading" data-testid="tax-year-totals">
      <Heading as="h2" size="lg" id="tax-years-heading">
        {t('donor.taxYears.title')}
      </Heading>
      {years.length === 0 ? (
        <Text>{t('donor.taxYears.none')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('donor.taxYears.year')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  {t('donor.taxYears.money')}
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  {t('donor.taxYears.goods')}
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  {t('donor.taxYears.total')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {years.map((y) => (
                <Table.Row key={y.year} data-testid={`tax-year-${y.year}`}>
                  <Table.Cell>{language === 'en' ? `B.E. ${y.year}` : `พ.ศ. ${y.year}`}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {baht(y.moneyTotal)}
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {t('donor.taxYears.receipts', { count: y.moneyCount })}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {baht(y.goodsTotal)}
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {t('donor.taxYears.receipts', { count: y.goodsCount })}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="semibold">
                    {baht(y.total)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Text fontSize="sm" color="fg.muted">
        {t('donor.taxYears.note')}
      </Text>
    </Stack>
  );
}
