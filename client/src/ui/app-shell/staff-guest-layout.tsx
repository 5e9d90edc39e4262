import { Box, Container, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';

/** The frame of the back-office pages used before login: login, registration, password help. */
export function StaffGuestLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <SkipNavLink>{t('app.skipToContent')}</SkipNavLink>
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="7xl" py="3">
          <Flex align="center" justify="space-between" gap="3">
            <BrandLink />
            <LanguageSwitch />
          </Flex>
        </Container>
      </Box>
      <SkipNavContent />
      <Box as="main" flex="1" px="4" py={{ base: '8', md: '16' }}>
        {children}
      </Box>
    </Flex>
  );
}
