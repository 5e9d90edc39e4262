import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth';
import { redirectLoggedInStaff } from '../../platform/session/route-guards';

export const Route = createFileRoute('/backoffice/forgot-password')({
  staticData: { backofficeLayout: 'guest' },
  beforeLoad: ({ context }) => redirectLoggedInStaff(context),
  component: () => <ForgotPasswordPage loginPath="/backoffice/login" />,
});
