import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main content and footer of every public page, including the not-found page. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>{t('app.skipToContent')}</SkipNavLink>
      <SiteHeader />
      <SkipNavContent />
      <Box as="main" flex="1">
        {children}
      </Box>
      <SiteFooter />
    </Flex>
  );
}
