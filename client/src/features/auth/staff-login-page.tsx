import { Card, Link as ChakraLink, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/page-title';
import { LoginForm } from './login-form';
import { useStaffLogin } from './use-login';

/** The back-office login screen at /backoffice and /backoffice/login (in the guest layout). */
export function StaffLoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.staffLogin.pageTitle'));
  const login = useStaffLogin();
  return (
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
        <LoginForm onSubmit={login} />
      </Card.Body>
      <Card.Footer>
        <HStack gap="4" wrap="wrap">
          <ChakraLink asChild color="brand.fg">
            <Link to="/backoffice/forgot-password">{t('auth.forgotPassword.link')}</Link>
          </ChakraLink>
          <ChakraLink asChild color="brand.fg">
            <Link to="/backoffice/register">{t('auth.register.link')}</Link>
          </ChakraLink>
          <ChakraLink asChild color="brand.fg">
            <Link to="/">{t('auth.staffLogin.publicSite')}</Link>
          </ChakraLink>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
