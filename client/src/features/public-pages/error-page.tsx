import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';

/** Shown when a route throws while rendering or loading; details stay in the console, not on screen. */
export function ErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('errorPage.title'));
  return (
    <PageContainer>
      <Stack gap="4" maxW="2xl" role="alert">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('errorPage.title')}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t('errorPage.text')}
        </Text>
        <div>
          <Button asChild colorPalette="brand">
            <Link to="/" reloadDocument>
              {t('common.backHome')}
            </Link>
          </Button>
        </div>
      </Stack>
    </PageContainer>
  );
}
