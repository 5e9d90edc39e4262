import { Box, Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { DonationPointsByRegionQuery } from './home.queries';
import { HomeLoadError, HomeLoading } from './home-states';
import { usePublicQuery } from './public-query';

/** Thailand's six regions: the cards drawn, as placeholders, while the counts are on their way. */
const REGIONS = 6;

/** The number of donation points per region, one card each, straight from the API. */
export function DonationPointsSection() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePublicQuery(DonationPointsByRegionQuery);
  const regions = data?.donationPointsByRegion ?? [];
  const total = regions.reduce((sum, entry) => sum + entry.count, 0);
  const english = currentLanguage() === 'en';

  return (
    <Stack as="section" aria-labelledby="donation-points-title" gap="4">
      <Box>
        <Heading as="h2" id="donation-points-title" size={{ base: 'xl', md: '2xl' }}>
          {t('home.regionsTitle')}
        </Heading>
        <Text color="fg.muted">{t('home.regionsIntro')}</Text>
      </Box>
      {loading && !data ? (
        <>
          <Box srOnly>
            <HomeLoading />
          </Box>
          <Skeleton h="1.7em" w="8rem" />
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4" aria-hidden>
            {Array.from({ length: REGIONS }, (_, i) => i + 1).map((n) => (
              <Skeleton key={n} rounded="md" h={{ base: '4.5rem', sm: '7.5rem' }} />
            ))}
          </SimpleGrid>
        </>
      ) : error && !data ? (
        <HomeLoadError onRetry={refetch} />
      ) : regions.length === 0 ? (
        <Text>{t('home.regionsEmpty')}</Text>
      ) : (
        <>
          <Text fontWeight="500">{t('home.regionsTotal', { count: total })}</Text>
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, xl: 3 }} gap="4" listStyleType="none">
            {regions.map(({ region, count }) => (
              <Card.Root
                as="li"
                key={region.id}
                variant="outline"
                borderTopWidth="4px"
                borderTopColor="brand.solid"
              >
                <Card.Body
                  gap="1"
                  flexDirection={{ base: 'row', sm: 'column' }}
                  justifyContent="space-between"
                  alignItems={{ base: 'center', sm: 'start' }}
                  py={{ base: '3', sm: '5' }}
                >
                  <Text fontWeight="500">{english ? region.nameEn : region.nameTh}</Text>
                  <Text
                    fontSize={{ base: '2xl', sm: '3xl' }}
                    fontWeight="700"
                    color="brand.fg"
                    lineHeight="1.2"
                  >
                    {t('home.regionCount', { count })}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
