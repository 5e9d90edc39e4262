import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../../features/auth';
import { redirectLoggedInStaff } from '../../platform/session/route-guards';

export const Route = createFileRoute('/backoffice/register')({
  staticData: { backofficeLayout: 'guest' },
  beforeLoad: ({ context }) => redirectLoggedInStaff(context),
  component: RegisterPage,
});
