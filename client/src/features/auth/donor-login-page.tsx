import { Link as ChakraLink } from '@chakra-ui/react';
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
          <ChakraLink asChild color="brand.fg">
            <Link to="/forgot-password">{t('pages.login.forgotPassword')}</Link>
          </ChakraLink>
        }
      >
        <LoginForm onSubmit={login} usernameLabel={t('auth.donorLogin.email')} audience="donor" />
      </AuthCard>
    </PageContainer>
  );
}
