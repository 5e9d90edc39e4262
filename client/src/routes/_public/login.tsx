import { Link as ChakraLink } from '@chakra-ui/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../features/public-pages/coming-soon-page';

export const Route = createFileRoute('/_public/login')({
  component: DonorLoginRoute,
});

function DonorLoginRoute() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage page="login">
      <ChakraLink asChild color="brand.fg">
        <Link to="/forgot-password">{t('pages.login.forgotPassword')}</Link>
      </ChakraLink>
    </ComingSoonPage>
  );
}
