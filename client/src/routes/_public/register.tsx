import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../../features/auth';
import { PageContainer } from '../../ui/page-container';

export const Route = createFileRoute('/_public/register')({
  component: () => (
    <PageContainer>
      <RegisterPage />
    </PageContainer>
  ),
});
