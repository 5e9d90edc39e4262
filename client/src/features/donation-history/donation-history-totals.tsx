import { SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DonationHistoryTotalsQuery } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { formatBaht } from '../../platform/money';

export type DonationHistoryTotals = DonationHistoryTotalsQuery['donationHistoryTotals'];

/** The totals of everything the search selects (not only the page), in baht with two decimals. */
export function DonationHistoryTotalsPanel({ totals }: { totals: DonationHistoryTotals }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const baht = (amount: string) => formatBaht(amount, language);
  return (
    <Stack as="section" aria-label={t('donationHistory.totals.title')} gap="2">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Stat.Root borderWidth="1px" rounded="md" p="4">
          <Stat.Label>{t('donationHistory.totals.count')}</Stat.Label>
          <Stat.ValueText>{totals.count.toLocaleString('th-TH')}</Stat.ValueText>
          <Stat.HelpText>
            {t('donationHistory.totals.countDetail', {
              goods: totals.goodsCount,
              money: totals.moneyCount,
              cancelled: totals.cancelledCount,
            })}
          </Stat.HelpText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" rounded="md" p="4">
          <Stat.Label>{t('donationHistory.totals.money')}</Stat.Label>
          <Stat.ValueText>{baht(totals.moneyTotal)}</Stat.ValueText>
          <Stat.HelpText>
            {t('donationHistory.totals.moneyApproved', { amount: baht(totals.moneyApprovedTotal) })}
          </Stat.HelpText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" rounded="md" p="4">
          <Stat.Label>{t('donationHistory.totals.goods')}</Stat.Label>
          <Stat.ValueText>{baht(totals.goodsValueTotal)}</Stat.ValueText>
          <Stat.HelpText>
            {t('donationHistory.totals.goodsApproved', { amount: baht(totals.goodsApprovedTotal) })}
          </Stat.HelpText>
        </Stat.Root>
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t('donationHistory.totals.note')}
      </Text>
    </Stack>
  );
}
