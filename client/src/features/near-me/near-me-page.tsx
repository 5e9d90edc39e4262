import { useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LocateFixed } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { resolveEnvironmentProfile } from '../../platform/session/environment-profile';
import { PlaceSelect } from '../../ui/form/place-select';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { sortByDistance } from './distance';
import { DonationPointCard, pointName } from './donation-point-card';
import { DonationPointsQuery, ProvinceCentresQuery } from './near-me.queries';
import { useNearMeOrigin } from './use-near-me-origin';

// Leaflet and the outline of Thailand load only when this page shows its map.
const NearMeMap = lazy(() => import('./map/near-me-map'));

const PAGE_SIZE = 20;
export const MAP_HEIGHT = { base: '18rem', lg: '32rem' };

/** Donation points nearest first, from the visitor's position or a province they choose (spec: /near-me). */
export function NearMePage() {
  const { t } = useTranslation();
  const title = t('pages.nearMe.title');
  usePageTitle(title);
  const language = currentLanguage();
  const profile = useMemo(() => resolveEnvironmentProfile(), []);
  // The list and map are drawn in a transition when the points arrive (useDeferredValue): React
  // renders them in slices, so the page keeps answering taps meanwhile.
  const points = useDeferredValue(useQuery(DonationPointsQuery));
  const provinces = useQuery(ProvinceCentresQuery);
  const provinceList = provinces.data?.provinces ?? [];
  const { origin, status, provinceId, locate, chooseProvince } = useNearMeOrigin(provinceList);
  const [shown, setShown] = useState(PAGE_SIZE);
  const provinceBox = useRef<HTMLDivElement>(null);

  const ranked = useMemo(
    () => sortByDistance(points.data?.donationPoints ?? [], origin),
    [points.data, origin],
  );
  const mapPoints = useMemo(
    () =>
      ranked.map(({ point }) => ({
        code: point.code,
        name: pointName(point, language),
        latitude: point.latitude ?? null,
        longitude: point.longitude ?? null,
      })),
    [ranked, language],
  );
  const mapLabels = useMemo(
    () => ({
      map: t('nearMe.mapLabel'),
      origin: origin?.kind === 'device' ? t('nearMe.youAreHere') : t('nearMe.provinceCentre'),
      outline: t('nearMe.outlineAttribution'),
      zoomIn: t('nearMe.zoomIn'),
      zoomOut: t('nearMe.zoomOut'),
      seeInList: t('nearMe.seeInList'),
    }),
    [t, origin?.kind],
  );
  const failed =
    status === 'denied' || status === 'unavailable' || status === 'timeout' || status === 'unsupported';

  // Location refused or failed: the province list is the way on, so it gets the focus.
  useEffect(() => {
    if (failed) provinceBox.current?.querySelector('select')?.focus();
  }, [failed]);

  const provinceName = (() => {
    const p = provinceList.find((x) => x.id === (origin?.kind === 'province' ? origin.provinceId : -1));
    return p ? (language === 'en' ? p.nameEn : p.nameTh) : '';
  })();
  const orderText =
    status === 'locating'
      ? t('nearMe.locating')
      : origin?.kind === 'device'
        ? t('nearMe.orderDevice')
        : origin?.kind === 'province'
          ? t('nearMe.orderProvince', { province: provinceName })
          : t('nearMe.orderNone');

  return (
    <PageContainer>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {t('pages.nearMe.description')}
          </Text>
        </Box>

        <Stack
          as="section"
          aria-labelledby="near-me-where"
          gap="4"
          borderWidth="1px"
          rounded="lg"
          p={{ base: '4', md: '5' }}
          bg="bg.subtle"
        >
          <Heading as="h2" id="near-me-where" size="lg">
            {t('nearMe.whereTitle')}
          </Heading>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ base: 'stretch', md: 'end' }}>
            <Button colorPalette="brand" onClick={() => void locate()} loading={status === 'locating'}>
              <LocateFixed aria-hidden />
              {t('nearMe.useMyLocation')}
            </Button>
            <Box ref={provinceBox} flex="1" maxW={{ md: 'sm' }}>
              <PlaceSelect
                label={t('nearMe.orChooseProvince')}
                value={provinceId}
                options={provinceList}
                emptyLabel={t('nearMe.noProvince')}
                onChange={(selected) => chooseProvince(selected === '' ? null : Number(selected))}
                onBlur={() => undefined}
              />
            </Box>
          </Stack>
          {failed && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t(`nearMe.failure.${status}`)}</Alert.Title>
                <Alert.Description>{t('nearMe.chooseProvinceInstead')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t('nearMe.privacy')}
          </Text>
        </Stack>

        {points.loading && !points.data ? (
          // A screen's height held for the list and map, so the footer does not jump when they come.
          <Box minH="100dvh">
            <LoadingState />
          </Box>
        ) : points.error && !points.data ? (
          <ErrorState error={points.error} onRetry={() => void points.refetch()} />
        ) : ranked.length === 0 ? (
          <Text role="status">{t('nearMe.empty')}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
            <Stack as="section" aria-labelledby="near-me-list" gap="3" order={{ base: 2, lg: 1 }}>
              <Heading as="h2" id="near-me-list" size="lg">
                {t('nearMe.listTitle', { count: ranked.length })}
              </Heading>
              <Text role="status" aria-live="polite">
                {orderText}
              </Text>
              <Stack as="ol" gap="3" listStyleType="none" aria-labelledby="near-me-list">
                {ranked.slice(0, shown).map(({ point, distanceKm }) => (
                  <DonationPointCard
                    key={point.code}
                    point={point}
                    distanceKm={distanceKm}
                    language={language}
                    directionsTemplate={profile.directionsUrlTemplate}
                  />
                ))}
              </Stack>
              {ranked.length > shown && (
                <Button variant="outline" alignSelf="start" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                  {t('nearMe.showMore', { count: Math.min(PAGE_SIZE, ranked.length - shown) })}
                </Button>
              )}
            </Stack>
            <Box
              as="section"
              aria-labelledby="near-me-map"
              order={{ base: 1, lg: 2 }}
              position={{ lg: 'sticky' }}
              top={{ lg: '4' }}
            >
              <Heading as="h2" id="near-me-map" size="lg" mb="3">
                {t('nearMe.mapTitle')}
              </Heading>
              <Suspense fallback={<Box h={MAP_HEIGHT} rounded="lg" bg="bg.muted" />}>
                <NearMeMap
                  points={mapPoints}
                  origin={origin}
                  height={MAP_HEIGHT}
                  tileUrl={profile.mapTileUrl}
                  tileAttribution={profile.mapTileAttribution}
                  labels={mapLabels}
                />
              </Suspense>
              <Text fontSize="sm" color="fg.muted" mt="2">
                {t('nearMe.mapNote')}
              </Text>
            </Box>
          </SimpleGrid>
        )}
      </Stack>
    </PageContainer>
  );
}
