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
    // Cards off screen are laid out when they come near it (nm-card's content-visibility).
    <li id={`point-${point.code}`} aria-labelledby={headingId} className="nm-card">
      <div className="nm-card-head">
        <h3 id={headingId}>{pointName(point, language)}</h3>
        {distanceKm !== null && (
          <span className="nm-badge">{t('nearMe.distance', { km: formatKm(distanceKm, language) })}</span>
        )}
      </div>
      <p>{addressOf(point, language) || t('nearMe.noAddress')}</p>
      {point.phone && (
        <p className="nm-line">
          <Phone aria-hidden />
          <span>
            {t('nearMe.phone')}{' '}
            <a className="pl-link" href={`tel:${point.phone.replace(/[^\d+]/g, '')}`}>
              {point.phone}
            </a>
          </span>
        </p>
      )}
      {point.openingHours && (
        <p className="nm-line">
          <Clock aria-hidden />
          <span>
            {t('nearMe.openingHours')} {point.openingHours}
          </span>
        </p>
      )}
      {placed && (
        <a
          className="pl-link nm-directions"
          href={directionsUrl(directionsTemplate, {
            latitude: point.latitude as number,
            longitude: point.longitude as number,
          })}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Navigation aria-hidden />
          {t('nearMe.directions')}
          <span className="ps-sr-only">{t('nearMe.directionsOf', { name: pointName(point, language) })}</span>
        </a>
      )}
    </li>
  );
}
