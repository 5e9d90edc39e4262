import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../../features/auth';
import { redirectLoggedInStaff } from '../../platform/session/route-guards';

export const Route = createFileRoute('/backoffice/login')({
  staticData: { backofficeLayout: 'guest' },
  beforeLoad: ({ context }) => redirectLoggedInStaff(context),
  component: StaffLoginPage,
});
