import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth';
import { PageContainer } from '../../ui/page-container';

export const Route = createFileRoute('/_public/forgot-password')({
  component: () => (
    <PageContainer>
      <ForgotPasswordPage loginPath="/login" />
    </PageContainer>
  ),
});
