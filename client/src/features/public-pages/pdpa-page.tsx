import { Link as ChakraLink, DataList, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { dpoContact, PRIVACY_NOTICE_VERSION } from '../../platform/privacy-notice';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';

const PURPOSE_KEYS = [
  'pdpa.purposeReceipt',
  'pdpa.purposeTax',
  'pdpa.purposeDistribution',
  'pdpa.purposeContact',
  'pdpa.purposeAccount',
  'pdpa.purposeDecoration',
  'pdpa.purposeSecurity',
] as const;

const RETENTION_KEYS = [
  'pdpa.retentionDocuments',
  'pdpa.retentionAccount',
  'pdpa.retentionConsent',
  'pdpa.retentionLogs',
] as const;

/**
 * /pdpa, the privacy notice (PDPA; docs/public-site.md): purposes with their lawful bases, retention,
 * rights and how to use them, and the data protection officer's contact (configured per deployment).
 * Its version is the one every form's consent records.
 */
export function PdpaPage() {
  const { t } = useTranslation();
  const dpo = dpoContact();
  const en = currentLanguage() === 'en';
  usePageTitle(t('pdpa.title'));
  return (
    <PageContainer>
      <Stack gap="5" maxW="3xl">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('pdpa.title')}
        </Heading>
        <Text color="fg.muted" data-testid="privacy-notice-version">
          {t('pdpa.version', { version: PRIVACY_NOTICE_VERSION })}
        </Text>
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
        <Heading as="h2" size="lg">
          {t('pdpa.retentionTitle')}
        </Heading>
        <Text>{t('pdpa.retentionText')}</Text>
        <List.Root gap="2" ps="5">
          {RETENTION_KEYS.map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List.Root>
        <Heading as="h2" size="lg">
          {t('pdpa.rightsTitle')}
        </Heading>
        <Text>{t('pdpa.rightsText')}</Text>
        <Text>{t('pdpa.rightsHow')}</Text>
        <ChakraLink asChild color="brand.fg" alignSelf="start">
          <Link to="/user/donation-history" search={{ view: 'data' }}>
            {t('pdpa.rightsLink')}
          </Link>
        </ChakraLink>
        <Heading as="h2" size="lg" id="dpo-heading">
          {t('pdpa.dpoTitle')}
        </Heading>
        <Stack
          as="address"
          fontStyle="normal"
          gap="2"
          aria-labelledby="dpo-heading"
          data-testid="dpo-contact"
        >
          <Text fontWeight="semibold">{en ? dpo.nameEn : dpo.nameTh}</Text>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('pdpa.dpoEmail')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <ChakraLink href={`mailto:${dpo.email}`} color="brand.fg">
                  {dpo.email}
                </ChakraLink>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('pdpa.dpoPhone')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <ChakraLink href={`tel:${dpo.phone.replace(/[^\d+]/g, '')}`} color="brand.fg">
                  {dpo.phone}
                </ChakraLink>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('pdpa.dpoAddress')}</DataList.ItemLabel>
              <DataList.ItemValue>{en ? dpo.addressEn : dpo.addressTh}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Stack>
        <Text>{t('pdpa.complaintText')}</Text>
        <Heading as="h2" size="lg">
          {t('pdpa.safeguardsTitle')}
        </Heading>
        <Text>{t('pdpa.safeguardsText')}</Text>
      </Stack>
    </PageContainer>
  );
}
