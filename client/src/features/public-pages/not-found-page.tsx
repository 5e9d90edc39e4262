import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <PageContainer>
      <Stack gap="4" maxW="2xl" py={{ base: '6', md: '16' }}>
        <Text fontSize="5xl" fontWeight="700" color="brand.fg" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('notFound.title')}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t('notFound.text')}
        </Text>
        <div>
          <Button asChild colorPalette="brand">
            <Link to="/">{t('common.backHome')}</Link>
          </Button>
        </div>
      </Stack>
    </PageContainer>
  );
}
