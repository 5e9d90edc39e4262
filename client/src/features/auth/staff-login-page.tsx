import { Box, Card, Link as ChakraLink, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandLink } from '../../ui/app-shell/brand-link';
import { LanguageSwitch } from '../../ui/app-shell/language-switch';
import { usePageTitle } from '../../ui/page-title';
import { StaffLoginForm } from './staff-login-form';

/** The back-office login screen at /backoffice and /backoffice/login, outside the public layout. */
export function StaffLoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.staffLogin.pageTitle'));
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="7xl" py="3">
          <Flex align="center" justify="space-between" gap="3">
            <BrandLink />
            <LanguageSwitch />
          </Flex>
        </Container>
      </Box>
      <Box as="main" flex="1" px="4" py={{ base: '8', md: '16' }}>
        <Card.Root maxW="md" mx="auto">
          <Card.Header>
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                {t('auth.staffLogin.title')}
              </Heading>
              <Text color="fg.muted">{t('auth.staffLogin.intro')}</Text>
            </Stack>
          </Card.Header>
          <Card.Body>
            <StaffLoginForm />
          </Card.Body>
          <Card.Footer>
            <ChakraLink asChild color="brand.fg">
              <Link to="/">{t('auth.staffLogin.publicSite')}</Link>
            </ChakraLink>
          </Card.Footer>
        </Card.Root>
      </Box>
    </Flex>
  );
}
