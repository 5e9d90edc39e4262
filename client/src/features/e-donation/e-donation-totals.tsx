import { SimpleGrid, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { EDonationRowsQuery } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { formatBaht } from '../../platform/money';

export type EDonationTotals = EDonationRowsQuery['eDonationRows']['totals'];

/** The totals of everything the search selects (not only the page). */
export function EDonationTotalsPanel({ totals }: { totals: EDonationTotals }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const baht = (amount: string) => formatBaht(amount, language);
  return (
    <SimpleGrid as="section" aria-label={t('eDonation.totals.title')} columns={{ base: 1, md: 3 }} gap="4">
      <Stat.Root borderWidth="1px" rounded="md" p="4">
        <Stat.Label>{t('eDonation.totals.count')}</Stat.Label>
        <Stat.ValueText>{totals.count.toLocaleString('th-TH')}</Stat.ValueText>
        <Stat.HelpText>
          {t('eDonation.totals.countDetail', { money: totals.moneyCount, goods: totals.goodsCount })}
        </Stat.HelpText>
      </Stat.Root>
      <Stat.Root borderWidth="1px" rounded="md" p="4">
        <Stat.Label>{t('eDonation.totals.value')}</Stat.Label>
        <Stat.ValueText>{baht(totals.total)}</Stat.ValueText>
        <Stat.HelpText>
          {t('eDonation.totals.valueDetail', {
            money: baht(totals.moneyTotal),
            goods: baht(totals.goodsTotal),
          })}
        </Stat.HelpText>
      </Stat.Root>
      <Stat.Root borderWidth="1px" rounded="md" p="4">
        <Stat.Label>{t('eDonation.totals.keyed')}</Stat.Label>
        <Stat.ValueText>
          {totals.keyedCount.toLocaleString('th-TH')} / {totals.count.toLocaleString('th-TH')}
        </Stat.ValueText>
        <Stat.HelpText color={totals.overdueCount > 0 ? 'fg.error' : undefined}>
          {t('eDonation.totals.keyedDetail', {
            notKeyed: totals.notKeyedCount,
            overdue: totals.overdueCount,
          })}
        </Stat.HelpText>
      </Stat.Root>
    </SimpleGrid>
  );
}
