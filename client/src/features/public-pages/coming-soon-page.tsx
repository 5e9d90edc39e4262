import { Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';

export type ComingSoonPageKey =
  | 'donateMoney'
  | 'login'
  | 'forgotPassword'
  | 'receiptGoods'
  | 'receiptMoney'
  | 'nearMe';

/**
 * An honest placeholder for a public service that is specified but not built yet: the page exists at
 * its final address with its real title, and says plainly that it opens soon.
 */
export function ComingSoonPage({ page, children }: { page: ComingSoonPageKey; children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  usePageTitle(title);
  return (
    <PageContainer>
      <Stack gap="5" maxW="3xl">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t(`pages.${page}.description`)}
        </Text>
        <Box
          borderWidth="1px"
          borderColor="brand.emphasized"
          bg="brand.subtle"
          rounded="lg"
          p={{ base: '4', md: '6' }}
        >
          <Badge colorPalette="brand" mb="2">
            {t('comingSoon.badge')}
          </Badge>
          <Heading as="h2" size="lg" mb="2">
            {t('comingSoon.title')}
          </Heading>
          <Text>{t('comingSoon.text')}</Text>
        </Box>
        {children}
        <Box>
          <Button asChild variant="outline">
            <Link to="/">{t('common.backHome')}</Link>
          </Button>
        </Box>
      </Stack>
    </PageContainer>
  );
}
