import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { usePublicQuery } from '../../platform/public-query';
import { AddressProvincesQuery } from '../../ui/form/address.queries';
import { usePageTitle } from '../../ui/page-title';
import { PublicPlaceSelect } from '../../ui/public-place-select';
import { PublicLoadError, PublicLoading } from '../../ui/public-states';
import { ShortSupplyQuery } from './short-supply.queries';
import { ShortSupplyProvince } from './short-supply-province';

/**
 * The public list of what offices' storages lack, by province, with where donors can bring it. Plain
 * HTML and ui/public-site.css, its data read with a plain fetch: its first load carries neither
 * Chakra UI nor Apollo Client (docs/public-site.md, "The first load").
 */
export function ShortSupplyPage() {
  const { t } = useTranslation();
  const title = t('pages.shortSupply.title');
  usePageTitle(title);
  const language = currentLanguage();
  const [provinceId, setProvinceId] = useState<number | null>(null);
  const provinces = usePublicQuery(AddressProvincesQuery);
  // The list is drawn in a transition when it arrives (useDeferredValue): React renders it in
  // slices, so the page keeps answering taps meanwhile (docs/public-site.md, "The first load").
  const { data, loading, error, refetch } = useDeferredValue(
    usePublicQuery(ShortSupplyQuery, { provinceId }),
  );
  const list = data?.shortSupply ?? [];

  return (
    <div className="ps-container pl-page">
      <div>
        <h1 className="pl-title">{title}</h1>
        <p className="pl-lead">{t('pages.shortSupply.description')}</p>
      </div>
      <PublicPlaceSelect
        className="ss-province"
        label={t('shortSupply.province')}
        value={provinceId}
        options={provinces.data?.provinces ?? []}
        emptyLabel={t('shortSupply.allProvinces')}
        onChange={setProvinceId}
      />
      {loading && !data ? (
        // A screen's height held for the list, so the footer does not jump when it comes.
        <div className="pl-screen">
          <PublicLoading />
        </div>
      ) : error && !data ? (
        <PublicLoadError onRetry={refetch} />
      ) : list.length === 0 ? (
        <p role="status">{t('shortSupply.empty')}</p>
      ) : (
        list.map((province) => (
          <ShortSupplyProvince key={province.provinceId} province={province} language={language} />
        ))
      )}
    </div>
  );
}
