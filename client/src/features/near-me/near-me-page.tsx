import { LocateFixed, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { usePublicQuery } from '../../platform/public-query';
import { resolveEnvironmentProfile } from '../../platform/session/environment-profile';
import { usePageTitle } from '../../ui/page-title';
import { PublicPlaceSelect } from '../../ui/public-place-select';
import { PublicLoadError, PublicLoading } from '../../ui/public-states';
import { sortByDistance } from './distance';
import { DonationPointCard, pointName } from './donation-point-card';
import { DonationPointsQuery, ProvinceCentresQuery } from './near-me.queries';
import { useNearMeOrigin } from './use-near-me-origin';

// Leaflet and the outline of Thailand load only with this page, not with any other. They are asked
// for when the page opens, so the browser fetches and runs them while the points are on their way
// rather than after.
const loadMap = () => import('./map/near-me-map');
const NearMeMap = lazy(loadMap);

const PAGE_SIZE = 20;

/**
 * Donation points nearest first, from the visitor's position or a province they choose (spec:
 * /near-me). Plain HTML and ui/public-site.css, its data read with a plain fetch: its first load
 * carries neither Chakra UI nor Apollo Client (docs/public-site.md, "The first load").
 */
export function NearMePage() {
  const { t } = useTranslation();
  const title = t('pages.nearMe.title');
  usePageTitle(title);
  const language = currentLanguage();
  const profile = useMemo(() => resolveEnvironmentProfile(), []);
  // The list and map are drawn in a transition when the points arrive (useDeferredValue): React
  // renders them in slices, so the page keeps answering taps meanwhile.
  const points = useDeferredValue(usePublicQuery(DonationPointsQuery));
  const provinces = usePublicQuery(ProvinceCentresQuery);
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

  useEffect(() => {
    // A failure shows where the map is drawn (the lazy component asks again), not here.
    loadMap().catch(() => undefined);
  }, []);

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
    <div className="ps-container pl-page">
      <div>
        <h1 className="pl-title">{title}</h1>
        <p className="pl-lead">{t('pages.nearMe.description')}</p>
      </div>

      <section className="nm-where" aria-labelledby="near-me-where">
        <h2 id="near-me-where" className="pl-h2">
          {t('nearMe.whereTitle')}
        </h2>
        <div className="nm-where-row">
          <button
            type="button"
            className="ps-button ps-solid pl-button-md"
            // While the browser looks for the position the button stays focusable (aria-disabled,
            // not disabled), so a keyboard user's focus is not lost.
            onClick={() => {
              if (status !== 'locating') void locate();
            }}
            aria-disabled={status === 'locating' || undefined}
            aria-busy={status === 'locating' || undefined}
          >
            {status === 'locating' ? (
              <span className="ps-spinner nm-button-spinner" aria-hidden />
            ) : (
              <LocateFixed aria-hidden />
            )}
            {t('nearMe.useMyLocation')}
          </button>
          <div ref={provinceBox} className="nm-province">
            <PublicPlaceSelect
              label={t('nearMe.orChooseProvince')}
              value={provinceId}
              options={provinceList}
              emptyLabel={t('nearMe.noProvince')}
              onChange={chooseProvince}
            />
          </div>
        </div>
        {failed && (
          <div role="alert" className="pl-alert">
            <TriangleAlert aria-hidden />
            <div>
              <p className="pl-alert-title">{t(`nearMe.failure.${status}`)}</p>
              <p>{t('nearMe.chooseProvinceInstead')}</p>
            </div>
          </div>
        )}
        <p className="pl-small pl-muted">{t('nearMe.privacy')}</p>
      </section>

      {points.loading && !points.data ? (
        // A screen's height held for the list and map, so the footer does not jump when they come.
        <div className="pl-screen">
          <PublicLoading />
        </div>
      ) : points.error && !points.data ? (
        <PublicLoadError onRetry={points.refetch} />
      ) : ranked.length === 0 ? (
        <p role="status">{t('nearMe.empty')}</p>
      ) : (
        <div className="nm-results">
          <section className="nm-list" aria-labelledby="near-me-list">
            <h2 id="near-me-list" className="pl-h2">
              {t('nearMe.listTitle', { count: ranked.length })}
            </h2>
            <p role="status" aria-live="polite">
              {orderText}
            </p>
            <ol aria-labelledby="near-me-list">
              {ranked.slice(0, shown).map(({ point, distanceKm }) => (
                <DonationPointCard
                  key={point.code}
                  point={point}
                  distanceKm={distanceKm}
                  language={language}
                  directionsTemplate={profile.directionsUrlTemplate}
                />
              ))}
            </ol>
            {ranked.length > shown && (
              <button
                type="button"
                className="ps-button ps-outline pl-button-md nm-more"
                onClick={() => setShown((n) => n + PAGE_SIZE)}
              >
                {t('nearMe.showMore', { count: Math.min(PAGE_SIZE, ranked.length - shown) })}
              </button>
            )}
          </section>
          <section className="nm-map-section" aria-labelledby="near-me-map">
            <h2 id="near-me-map" className="pl-h2">
              {t('nearMe.mapTitle')}
            </h2>
            <Suspense fallback={<div className="nm-map nm-map-placeholder" />}>
              <NearMeMap
                points={mapPoints}
                origin={origin}
                tileUrl={profile.mapTileUrl}
                tileAttribution={profile.mapTileAttribution}
                labels={mapLabels}
              />
            </Suspense>
            <p className="pl-small pl-muted">{t('nearMe.mapNote')}</p>
          </section>
        </div>
      )}
    </div>
  );
}
