import { Badge, Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Clock, Navigation, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DonationPointsQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';
import { directionsUrl } from './directions';

export type DonationPointData = DonationPointsQuery['donationPoints'][number];

const pick = (language: Language, th: string, en: string | null | undefined) =>
  language === 'en' && en ? en : th;

/** The address as one line: house and road, sub-district, district, province and postcode. */
export function addressOf(point: DonationPointData, language: Language): string {
  const sub = point.subDistrict;
  return [
    point.addressLine,
    sub && pick(language, sub.nameTh, sub.nameEn),
    sub && pick(language, sub.district.nameTh, sub.district.nameEn),
    point.province && pick(language, point.province.nameTh, point.province.nameEn),
    point.postcode,
  ]
    .filter(Boolean)
    .join(' ');
}

export const pointName = (point: DonationPointData, language: Language) =>
  pick(language, point.nameTh, point.nameEn);

/** Kilometres as a person reads them: one decimal below 10 km, whole kilometres above. */
export function formatKm(km: number, language: Language): string {
  const digits = km < 10 ? 1 : 0;
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'th-TH', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(km);
}

export function DonationPointCard({
  point,
  distanceKm,
  language,
  directionsTemplate,
}: {
  point: DonationPointData;
  distanceKm: number | null;
  language: Language;
  directionsTemplate: string;
}) {
  const { t } = useTranslation();
  const headingId = `donation-point-${point.code}`;
  const placed = typeof point.latitude === 'number' && typeof point.longitude === 'number';
  return (
    <Box
      as="li"
      id={`point-${point.code}`}
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p={{ base: '3', md: '4' }}
      scrollMarginTop="4"
      // Cards off screen are laid out when they come near it (a long list on a phone).
      contentVisibility="auto"
      containIntrinsicSize="auto 14rem"
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" gap="3">
          <Heading as="h3" id={headingId} size="md">
            {pointName(point, language)}
          </Heading>
          {distanceKm !== null && (
            <Badge colorPalette="brand" variant="subtle" flexShrink="0" fontSize="sm">
              {t('nearMe.distance', { km: formatKm(distanceKm, language) })}
            </Badge>
          )}
        </HStack>
        <Text>{addressOf(point, language) || t('nearMe.noAddress')}</Text>
        {point.phone && (
          <HStack gap="2">
            <Phone size={16} aria-hidden />
            <Text>
              {t('nearMe.phone')}{' '}
              <Link
                href={`tel:${point.phone.replace(/[^\d+]/g, '')}`}
                color="brand.fg"
                textDecoration="underline"
              >
                {point.phone}
              </Link>
            </Text>
          </HStack>
        )}
        {point.openingHours && (
          <HStack gap="2">
            <Clock size={16} aria-hidden />
            <Text>
              {t('nearMe.openingHours')} {point.openingHours}
            </Text>
          </HStack>
        )}
        {placed && (
          <Link
            href={directionsUrl(directionsTemplate, {
              latitude: point.latitude as number,
              longitude: point.longitude as number,
            })}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            fontWeight="600"
            textDecoration="underline"
            alignSelf="start"
          >
            <Navigation size={16} aria-hidden />
            {t('nearMe.directions')}
            <Box as="span" srOnly>
              {t('nearMe.directionsOf', { name: pointName(point, language) })}
            </Box>
          </Link>
        )}
      </Stack>
    </Box>
  );
}
