import { useQuery } from '@apollo/client/react';
import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { formatCitizenId } from '../../ui/validation/citizen-id';
import { MyDonationHistoryQuery } from './donor.operations';
import { DonorDonations } from './donor-donations';
import { DonorLinkForm } from './donor-link-form';
import { TaxYearTotals } from './tax-year-totals';

/**
 * The history tab: the donor records linked to the account (and the form that links another), the
 * totals per tax year, and every donation of those records with its receipt to download.
 */
export function DonorHistory() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, loading, error, refetch } = useQuery(MyDonationHistoryQuery, {
    fetchPolicy: 'cache-and-network',
  });
  if (loading && !data) return <LoadingState />;
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const history = data?.myDonationHistory;
  if (!history) return null;
  return (
    <Stack gap="8" pt="4">
      <Stack as="section" gap="3" aria-labelledby="donor-records-heading" data-testid="donor-linked-donors">
        <Heading as="h2" size="lg" id="donor-records-heading">
          {t('donor.link.title')}
        </Heading>
        {history.donors.length === 0 ? (
          <Text>{t('donor.link.none')}</Text>
        ) : (
          <List.Root gap="1" ps="5">
            {history.donors.map((d) => (
              <List.Item key={d.id}>
                {t('donor.link.linked', {
                  name: language === 'en' && d.nameEn ? d.nameEn : d.nameTh,
                  code: d.code,
                  taxId: d.taxId ? formatCitizenId(d.taxId) : '—',
                })}
              </List.Item>
            ))}
          </List.Root>
        )}
        <DonorLinkForm onLinked={() => void refetch()} />
      </Stack>
      <TaxYearTotals years={history.taxYears} />
      <DonorDonations donations={history.donations} />
    </Stack>
  );
}
