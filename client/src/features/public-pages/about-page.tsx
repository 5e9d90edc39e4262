import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.title'));
  return (
    <PageContainer>
      <Stack gap="5" maxW="3xl">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('about.title')}
        </Heading>
        <Text fontSize="lg">{t('about.intro')}</Text>
        <Heading as="h2" size="lg">
          {t('about.donorsTitle')}
        </Heading>
        <Text>{t('about.donorsText')}</Text>
        <Heading as="h2" size="lg">
          {t('about.transparencyTitle')}
        </Heading>
        <Text>{t('about.transparencyText')}</Text>
      </Stack>
    </PageContainer>
  );
}
