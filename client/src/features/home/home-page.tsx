import { Box, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';
import { DonationPointsSection } from './donation-points-section';
import { HomeHero } from './home-hero';
import { OrganisationSection } from './organisation-section';

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.pageTitle'));
  return (
    <>
      <HomeHero />
      <PageContainer>
        {/* One column on phones; from lg the counts take the wide column and the ministry sits beside. */}
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '10', lg: '8' }}>
          <Box gridColumn={{ lg: 'span 2' }}>
            <DonationPointsSection />
          </Box>
          <OrganisationSection />
        </SimpleGrid>
      </PageContainer>
    </>
  );
}
