import { Box, Link as ChakraLink, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { formatQuantity } from '../../platform/money';
import { MostNeededQuery } from './home.queries';
import { HomeLoadError, HomeLoading } from './home-states';
import { usePublicQuery } from './public-query';

const pick = (english: boolean, th: string, en: string | null | undefined) => (english && en ? en : th);

/** The resources most short across the provinces, each leading to the full short-supply list. */
export function MostNeededSection() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePublicQuery(MostNeededQuery);
  const english = currentLanguage() === 'en';
  const items = data?.mostNeededItems ?? [];

  return (
    <Stack as="section" aria-labelledby="most-needed-title" gap="4">
      <Box>
        <Heading as="h2" id="most-needed-title" size={{ base: 'xl', md: '2xl' }}>
          {t('home.mostNeededTitle')}
        </Heading>
        <Text color="fg.muted">{t('home.mostNeededIntro')}</Text>
      </Box>
      {loading && !data ? (
        <>
          <Box srOnly>
            <HomeLoading />
          </Box>
          {/* As tall as the list usually is (five items), so the page below does not jump when it comes. */}
          <Stack gap="2" aria-hidden>
            {Array.from({ length: 5 }, (_, i) => i + 1).map((n) => (
              <Skeleton key={n} rounded="md" h="5.6rem" />
            ))}
          </Stack>
        </>
      ) : error && !data ? (
        <HomeLoadError onRetry={refetch} />
      ) : items.length === 0 ? (
        <Text>{t('home.mostNeededEmpty')}</Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none">
          {items.map((item) => (
            <Box as="li" key={item.resourceCode} borderWidth="1px" borderColor="border" rounded="md" p="3">
              <ChakraLink asChild fontWeight="600" color="brand.fg" textDecoration="underline">
                <Link to="/short-supply">{pick(english, item.resourceNameTh, item.resourceNameEn)}</Link>
              </ChakraLink>
              <Text color="fg.muted" fontSize="sm">
                {t('home.mostNeededDetail', {
                  needed: formatQuantity(item.needed),
                  unit: pick(english, item.countingUnitTh ?? '', item.countingUnitEn),
                  provinces: item.provinces,
                })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      <ChakraLink asChild color="brand.fg" fontWeight="600" textDecoration="underline" alignSelf="start">
        <Link to="/short-supply">{t('home.mostNeededAll')}</Link>
      </ChakraLink>
    </Stack>
  );
}
