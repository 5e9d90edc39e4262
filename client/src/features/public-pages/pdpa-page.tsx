import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';

const PURPOSE_KEYS = [
  'pdpa.purposeReceipt',
  'pdpa.purposeTax',
  'pdpa.purposeDistribution',
  'pdpa.purposeContact',
  'pdpa.purposeDecoration',
] as const;

export function PdpaPage() {
  const { t } = useTranslation();
  usePageTitle(t('pdpa.title'));
  return (
    <PageContainer>
      <Stack gap="5" maxW="3xl">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('pdpa.title')}
        </Heading>
        <Text fontSize="lg">{t('pdpa.intro')}</Text>
        <Heading as="h2" size="lg">
          {t('pdpa.collectedTitle')}
        </Heading>
        <Text>{t('pdpa.collectedText')}</Text>
        <Heading as="h2" size="lg">
          {t('pdpa.purposesTitle')}
        </Heading>
        <List.Root gap="2" ps="5">
          {PURPOSE_KEYS.map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List.Root>
        <Text>{t('pdpa.retentionText')}</Text>
        <Heading as="h2" size="lg">
          {t('pdpa.rightsTitle')}
        </Heading>
        <Text>{t('pdpa.rightsText')}</Text>
        <Heading as="h2" size="lg">
          {t('pdpa.safeguardsTitle')}
        </Heading>
        <Text>{t('pdpa.safeguardsText')}</Text>
      </Stack>
    </PageContainer>
  );
}
