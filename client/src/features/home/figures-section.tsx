import { Box, Link as ChakraLink, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatQuantity } from '../../platform/money';
import { HomeFiguresQuery } from './home.queries';
import { HomeLoadError, HomeLoading } from './home-states';
import { usePublicQuery } from './public-query';

interface Figure {
  key: 'moneyReceived' | 'goodsValueReceived' | 'itemsGivenOut' | 'donationPoints';
  /** Null while loading: the card is drawn with a placeholder, so nothing moves when the figure arrives. */
  value: string | null;
  unit: 'baht' | 'units' | 'places';
  to: LinkProps['to'];
}

/** The fiscal year's figures from the ledgers, each a way into the page that lets a visitor add to it. */
export function FiguresSection() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePublicQuery(HomeFiguresQuery);
  const figures = data?.publicFigures;
  const list: Figure[] = [
    {
      key: 'moneyReceived',
      value: figures ? formatDecimal(figures.moneyReceived, 0) : null,
      unit: 'baht',
      to: '/donate-money-by-bank-transfer',
    },
    {
      key: 'goodsValueReceived',
      value: figures ? formatDecimal(figures.goodsValueReceived, 0) : null,
      unit: 'baht',
      to: '/short-supply',
    },
    {
      key: 'itemsGivenOut',
      value: figures ? formatQuantity(figures.itemsGivenOut) : null,
      unit: 'units',
      to: '/reqs-receipt-donation-resource',
    },
    {
      key: 'donationPoints',
      value: figures ? String(figures.donationPoints) : null,
      unit: 'places',
      to: '/near-me',
    },
  ];

  return (
    <Stack as="section" aria-labelledby="figures-title" gap="4">
      <Box>
        <Heading as="h2" id="figures-title" size={{ base: 'xl', md: '2xl' }}>
          {figures ? t('home.figuresTitle', { year: figures.fiscalYear }) : t('home.figuresTitleCurrent')}
        </Heading>
        <Text color="fg.muted">{t('home.figuresIntro')}</Text>
      </Box>
      {loading && !data && (
        <Box srOnly>
          <HomeLoading />
        </Box>
      )}
      {error && !data ? (
        <HomeLoadError onRetry={refetch} />
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, xl: 4 }} gap="4" listStyleType="none">
          {list.map((figure) => (
            <Stack
              as="li"
              key={figure.key}
              gap="1"
              borderWidth="1px"
              borderColor="border"
              borderTopWidth="4px"
              borderTopColor="brand.solid"
              rounded="lg"
              p={{ base: '4', md: '5' }}
            >
              <Text fontWeight="500">{t(`home.${figure.key}`)}</Text>
              <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" color="brand.fg" lineHeight="1.2">
                {figure.value === null ? (
                  <Skeleton as="span" display="inline-block" w="8ch" h="1em" verticalAlign="middle" />
                ) : (
                  figure.value
                )}{' '}
                <Box as="span" fontSize="md" fontWeight="500">
                  {t(`home.${figure.unit}`)}
                </Box>
              </Text>
              <ChakraLink asChild color="brand.fg" fontWeight="600" textDecoration="underline" mt="2">
                <Link to={figure.to}>
                  {t(`home.${figure.key}Link`)}
                  <ArrowRight size={16} aria-hidden />
                </Link>
              </ChakraLink>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
