import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth';
import { optionalSearchText } from '../../platform/search-params';
import { redirectLoggedInStaff } from '../../platform/session/route-guards';

export const Route = createFileRoute('/backoffice/reset-password')({
  staticData: { backofficeLayout: 'guest' },
  validateSearch: (search): { token?: string } => ({ token: optionalSearchText(search.token) }),
  beforeLoad: ({ context }) => redirectLoggedInStaff(context),
  component: BackofficeResetPassword,
});

function BackofficeResetPassword() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token ?? ''} loginPath="/backoffice/login" />;
}
