import { useTranslation } from 'react-i18next';
import type { ShortSupplyQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';
import { formatQuantity } from '../../platform/money';

export type ShortSupplyProvinceData = ShortSupplyQuery['shortSupply'][number];

const pick = (language: Language, th: string, en: string | null | undefined) =>
  language === 'en' && en ? en : th;

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
                  {pick(language, item.countingUnitTh ?? '', item.countingUnitEn)}
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
                {point.addressLine && <p>{point.addressLine}</p>}
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
