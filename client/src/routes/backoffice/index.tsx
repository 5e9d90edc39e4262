import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../../features/auth/staff-login-page';

// Until staff sessions exist, /backoffice is the login screen (specification sec. 2, not logged in).
export const Route = createFileRoute('/backoffice/')({
  component: StaffLoginPage,
});
