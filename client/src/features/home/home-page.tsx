import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/page-title';
import { DonationPointsSection } from './donation-points-section';
import { FiguresSection } from './figures-section';
import { HomeHero } from './home-hero';
import { MostNeededSection } from './most-needed-section';
import { OrganisationSection } from './organisation-section';

/**
 * The home page, in plain HTML and ui/public-site.css: its first load carries neither Chakra UI nor
 * Apollo Client (docs/public-site.md, "The first load").
 */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.pageTitle'));
  return (
    <>
      <HomeHero />
      <div className="ps-container home-body">
        <FiguresSection />
        {/* One column on phones; from lg the lists take the wide column and the ministry sits beside.
            Below the first screen: the browser lays it out when it comes near the viewport. */}
        <div className="home-columns">
          <div className="home-lists">
            <MostNeededSection />
            <DonationPointsSection />
          </div>
          <OrganisationSection />
        </div>
      </div>
    </>
  );
}
