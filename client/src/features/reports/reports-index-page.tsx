import { useQuery } from '@apollo/client/react';
import { Link as ChakraLink, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { FeaturePage } from '../../ui/app-shell/feature-page';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { ReportsQuery } from './reports.operations';

const GROUPS = [1, 2, 3, 4, 5, 0] as const;

/** /backoffice/reports: the reports the person may open, by group. */
export function ReportsIndexPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useQuery(ReportsQuery, { fetchPolicy: 'cache-and-network' });
  const forbidden =
    query.error?.message.includes('FORBIDDEN') || query.error?.message.includes('not allowed');
  return (
    <FeaturePage title={t('reports.title')} intro={t('reports.intro')}>
      {query.loading && !query.data && <LoadingState />}
      {query.error && !forbidden && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {(forbidden || query.data?.reports.length === 0) && <Text>{t('reports.none')}</Text>}
      {GROUPS.map((group) => {
        const reports = (query.data?.reports ?? []).filter((r) => r.group === group);
        if (reports.length === 0) return null;
        return (
          <Stack key={group} gap="2" as="section">
            <Heading as="h2" size="md">
              {t(`reports.groups.${group}`)}
            </Heading>
            <List.Root ps="5">
              {reports.map((r) => (
                <List.Item key={r.key}>
                  <ChakraLink asChild colorPalette="brand">
                    <Link
                      to={group === 0 ? '/backoffice/$key' : '/backoffice/reports/$key'}
                      params={{ key: r.key }}
                    >
                      {language === 'en' ? r.titleEn : r.titleTh}
                    </Link>
                  </ChakraLink>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        );
      })}
    </FeaturePage>
  );
}
