import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { englishUnitFor } from '../../platform/english-plural';
import { currentLanguage } from '../../platform/i18n';
import { formatQuantity } from '../../platform/money';
import { usePublicQuery } from '../../platform/public-query';
import { PublicLoadError, PublicLoading, PublicSkeleton } from '../../ui/public-states';
import { MostNeededQuery } from './home.queries';

const pick = (english: boolean, th: string, en: string | null | undefined) => (english && en ? en : th);

/** The resources most short across the provinces, each leading to the full short-supply list. */
export function MostNeededSection() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePublicQuery(MostNeededQuery);
  const english = currentLanguage() === 'en';
  const items = data?.mostNeededItems ?? [];

  return (
    <section className="home-section" aria-labelledby="most-needed-title">
      <div>
        <h2 id="most-needed-title">{t('home.mostNeededTitle')}</h2>
        <p className="home-muted">{t('home.mostNeededIntro')}</p>
      </div>
      {loading && !data ? (
        <>
          <div className="ps-sr-only">
            <PublicLoading />
          </div>
          {/* As tall as the list usually is (five items), so the page below does not jump when it comes. */}
          <div className="home-needed" aria-hidden>
            {Array.from({ length: 5 }, (_, i) => i + 1).map((n) => (
              <PublicSkeleton key={n} height="5.6rem" />
            ))}
          </div>
        </>
      ) : error && !data ? (
        <PublicLoadError onRetry={refetch} />
      ) : items.length === 0 ? (
        <p>{t('home.mostNeededEmpty')}</p>
      ) : (
        <ol className="home-needed">
          {items.map((item) => (
            <li key={item.resourceCode}>
              <Link to="/short-supply" className="ps-link">
                {pick(english, item.resourceNameTh, item.resourceNameEn)}
              </Link>
              <p>
                {t('home.mostNeededDetail', {
                  needed: formatQuantity(item.needed),
                  unit:
                    english && item.countingUnitEn
                      ? englishUnitFor(Number(item.needed), item.countingUnitEn)
                      : (item.countingUnitTh ?? ''),
                  provinces: t('home.shortInProvinces', { count: item.provinces }),
                })}
              </p>
            </li>
          ))}
        </ol>
      )}
      <p>
        <Link to="/short-supply" className="ps-link">
          {t('home.mostNeededAll')}
        </Link>
      </p>
    </section>
  );
}
