import { Link as ChakraLink, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../ui/page-container';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { useDonorLogin } from './use-login';

/** /login: donors (internet users, group UG-I01) log in with their e-mail to see their donations. */
export function DonorLoginPage() {
  const { t } = useTranslation();
  const login = useDonorLogin();
  return (
    <PageContainer>
      <AuthCard
        title={t('pages.login.title')}
        intro={t('pages.login.description')}
        footer={
          <HStack justify="space-between" wrap="wrap" gap="3" w="full">
            <ChakraLink asChild color="brand.fg">
              <Link to="/forgot-password">{t('pages.login.forgotPassword')}</Link>
            </ChakraLink>
            <Text>
              {t('pages.login.noAccount')}{' '}
              <ChakraLink asChild color="brand.fg" fontWeight="600">
                <Link to="/signup">{t('pages.login.signup')}</Link>
              </ChakraLink>
            </Text>
          </HStack>
        }
      >
        <LoginForm onSubmit={login} usernameLabel={t('auth.donorLogin.email')} audience="donor" />
      </AuthCard>
    </PageContainer>
  );
}
