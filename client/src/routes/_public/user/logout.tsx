import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../../../features/backoffice';
import { PageContainer } from '../../../ui/page-container';

export const Route = createFileRoute('/_public/user/logout')({
  component: () => (
    <PageContainer>
      <LogoutPage />
    </PageContainer>
  ),
});
