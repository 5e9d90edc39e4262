import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth';
import { optionalSearchText } from '../../platform/search-params';
import { PageContainer } from '../../ui/page-container';

export const Route = createFileRoute('/_public/reset-password')({
  validateSearch: (search): { token?: string } => ({ token: optionalSearchText(search.token) }),
  component: PublicResetPassword,
});

function PublicResetPassword() {
  const { token } = Route.useSearch();
  return (
    <PageContainer>
      <ResetPasswordPage token={token ?? ''} loginPath="/login" />
    </PageContainer>
  );
}
