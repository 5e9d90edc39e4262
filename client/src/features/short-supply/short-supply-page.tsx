import { useQuery } from '@apollo/client/react';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { AddressProvincesQuery } from '../../ui/form/address.queries';
import { PlaceSelect } from '../../ui/form/place-select';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { ShortSupplyQuery } from './short-supply.queries';
import { ShortSupplyProvince } from './short-supply-province';

/** The public list of what offices' storages lack, by province, with where donors can bring it. */
export function ShortSupplyPage() {
  const { t } = useTranslation();
  const title = t('pages.shortSupply.title');
  usePageTitle(title);
  const language = currentLanguage();
  const [provinceId, setProvinceId] = useState<number | null>(null);
  const provinces = useQuery(AddressProvincesQuery);
  // The list is drawn in a transition when it arrives (useDeferredValue): React renders it in
  // slices, so the page keeps answering taps meanwhile (docs/public-site.md, "The first load").
  const { data, loading, error, refetch } = useDeferredValue(
    useQuery(ShortSupplyQuery, {
      variables: { provinceId },
      fetchPolicy: 'cache-and-network',
    }),
  );
  const list = data?.shortSupply ?? [];

  return (
    <PageContainer>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {t('pages.shortSupply.description')}
          </Text>
        </Box>
        <Box maxW={{ base: 'full', sm: 'sm' }}>
          <PlaceSelect
            label={t('shortSupply.province')}
            value={provinceId}
            options={provinces.data?.provinces ?? []}
            emptyLabel={t('shortSupply.allProvinces')}
            onChange={(selected) => setProvinceId(selected === '' ? null : Number(selected))}
            onBlur={() => undefined}
          />
        </Box>
        {loading && !data ? (
          // A screen's height held for the list, so the footer does not jump when it comes.
          <Box minH="100dvh">
            <LoadingState />
          </Box>
        ) : error && !data ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : list.length === 0 ? (
          <Text role="status">{t('shortSupply.empty')}</Text>
        ) : (
          list.map((province) => (
            <ShortSupplyProvince key={province.provinceId} province={province} language={language} />
          ))
        )}
      </Stack>
    </PageContainer>
  );
}
