import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { usePublicQuery } from '../../platform/public-query';
import { PublicLoadError, PublicLoading, PublicSkeleton } from '../../ui/public-states';
import { DonationPointsByRegionQuery } from './home.queries';

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
    <section className="home-section" aria-labelledby="donation-points-title">
      <div>
        <h2 id="donation-points-title">{t('home.regionsTitle')}</h2>
        <p className="home-muted">{t('home.regionsIntro')}</p>
      </div>
      {loading && !data ? (
        <>
          <div className="ps-sr-only">
            <PublicLoading />
          </div>
          <PublicSkeleton height="1.7em" className="home-skeleton-total" />
          <div className="home-grid home-grid-3" aria-hidden>
            {Array.from({ length: REGIONS }, (_, i) => i + 1).map((n) => (
              <PublicSkeleton key={n} className="home-skeleton-region" />
            ))}
          </div>
        </>
      ) : error && !data ? (
        <PublicLoadError onRetry={refetch} />
      ) : regions.length === 0 ? (
        <p>{t('home.regionsEmpty')}</p>
      ) : (
        <>
          <p className="home-total">{t('home.regionsTotal', { count: total })}</p>
          <ul className="home-grid home-grid-3">
            {regions.map(({ region, count }) => (
              <li key={region.id} className="home-card home-region">
                <p className="home-total">{english ? region.nameEn : region.nameTh}</p>
                <p className="home-figure">{t('home.regionCount', { count })}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
