import { useTranslation } from 'react-i18next';
import type { ShortSupplyQuery } from '../../gql/graphql';
import { englishUnitFor } from '../../platform/english-plural';
import type { Language } from '../../platform/language';
import { formatQuantity } from '../../platform/money';

export type ShortSupplyProvinceData = ShortSupplyQuery['shortSupply'][number];

const pick = (language: Language, th: string, en: string | null | undefined) =>
  language === 'en' && en ? en : th;

type ShortSupplyPoint = ShortSupplyProvinceData['donationPoints'][number];

/**
 * A donation point's address as one line: its house and road as entered (free text, Thai only), then
 * the sub-district, district and postcode from the geography data, in English where chosen.
 */
function pointAddress(point: ShortSupplyPoint, language: Language): string {
  return [
    point.addressLine,
    point.subDistrictNameTh && pick(language, point.subDistrictNameTh, point.subDistrictNameEn),
    point.districtNameTh && pick(language, point.districtNameTh, point.districtNameEn),
    point.postcode,
  ]
    .filter(Boolean)
    .join(' ');
}

/** One province: what is needed (name, category, how many) and where to bring it. */
export function ShortSupplyProvince({
  province,
  language,
}: {
  province: ShortSupplyProvinceData;
  language: Language;
}) {
  const { t } = useTranslation();
  const name = pick(language, province.provinceNameTh, province.provinceNameEn);
  const headingId = `short-supply-province-${province.provinceId}`;
  return (
    // Provinces off screen are laid out when they come near it (ss-card's content-visibility).
    <section className="ss-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <div className="ss-table">
        <table>
          <caption className="ps-sr-only">{t('shortSupply.itemsCaption', { province: name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shortSupply.resource')}</th>
              <th scope="col">{t('shortSupply.category')}</th>
              <th scope="col" className="ss-end">
                {t('shortSupply.needed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {province.items.map((item) => (
              <tr key={item.resourceCode}>
                <td className="ss-resource">{pick(language, item.resourceNameTh, item.resourceNameEn)}</td>
                <td>{pick(language, item.categoryTh, item.categoryEn)}</td>
                <td className="ss-end ss-needed">
                  {formatQuantity(item.needed)}{' '}
                  {language === 'en' && item.countingUnitEn
                    ? englishUnitFor(Number(item.needed), item.countingUnitEn)
                    : (item.countingUnitTh ?? '')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ss-points">
        <h3>{t('shortSupply.donationPoints')}</h3>
        {province.donationPoints.length === 0 ? (
          <p className="pl-muted">{t('shortSupply.noDonationPoints')}</p>
        ) : (
          <ul aria-label={t('shortSupply.donationPointsOf', { province: name })}>
            {province.donationPoints.map((point) => (
              <li key={point.code}>
                <p className="ss-point-name">{pick(language, point.nameTh, point.nameEn)}</p>
                {pointAddress(point, language) && (
                  <p data-testid="ss-point-address">{pointAddress(point, language)}</p>
                )}
                {point.phone && (
                  <p>
                    {t('shortSupply.phone')}:{' '}
                    <a className="pl-link" href={`tel:${point.phone.replace(/[^\d+]/g, '')}`}>
                      {point.phone}
                    </a>
                  </p>
                )}
                {point.openingHours && (
                  <p className="pl-muted">
                    {t('shortSupply.openingHours')}: {point.openingHours}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
