import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';
import { DonationPointsSection } from './donation-points-section';
import { FiguresSection } from './figures-section';
import { HomeHero } from './home-hero';
import { MostNeededSection } from './most-needed-section';
import { OrganisationSection } from './organisation-section';

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.pageTitle'));
  return (
    <>
      <HomeHero />
      <PageContainer>
        <Stack gap={{ base: '10', lg: '12' }}>
          <FiguresSection />
          {/* One column on phones; from lg the lists take the wide column and the ministry sits beside.
              Below the first screen: the browser lays it out when it comes near the viewport. */}
          <SimpleGrid
            columns={{ base: 1, lg: 3 }}
            gap={{ base: '10', lg: '8' }}
            contentVisibility="auto"
            containIntrinsicSize="auto 1200px"
          >
            <Stack gridColumn={{ lg: 'span 2' }} gap={{ base: '10', lg: '12' }}>
              <MostNeededSection />
              <DonationPointsSection />
            </Stack>
            <OrganisationSection />
          </SimpleGrid>
        </Stack>
      </PageContainer>
    </>
  );
}
