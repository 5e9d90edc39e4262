import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { usePublicQuery } from '../../platform/public-query';
import { PublicLoadError, PublicLoading, PublicSkeleton } from '../../ui/public-states';
import { HomeOrganisationQuery } from './home.queries';

/** The ministry (the tree's root) and its departments, the first level below it. */
export function OrganisationSection() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePublicQuery(HomeOrganisationQuery);
  const english = currentLanguage() === 'en';
  const nameOf = (unit: { nameTh: string; nameEn: string }) => (english ? unit.nameEn : unit.nameTh);

  return (
    <section className="home-section" aria-labelledby="organisation-title">
      <div>
        <h2 id="organisation-title">{t('home.organisationTitle')}</h2>
        <p className="home-muted">{t('home.organisationIntro')}</p>
      </div>
      {loading && !data ? (
        <>
          <div className="ps-sr-only">
            <PublicLoading />
          </div>
          <PublicSkeleton height="20rem" />
        </>
      ) : error && !data ? (
        <PublicLoadError onRetry={refetch} />
      ) : (
        (data?.organisationTree ?? []).map((ministry) => (
          <div key={ministry.id} className="home-ministry">
            <div className="home-ministry-name">
              <Landmark size={28} aria-hidden />
              <h3>{nameOf(ministry)}</h3>
            </div>
            <div>
              <p className="home-total">{t('home.departmentsTitle')}</p>
              {ministry.children.length === 0 ? (
                <p className="home-muted">{t('home.departmentsEmpty')}</p>
              ) : (
                <ul>
                  {ministry.children.map((department) => (
                    <li key={department.id}>{nameOf(department)}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        ))
      )}
    </section>
  );
}
