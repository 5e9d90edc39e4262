import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../../features/auth/staff-login-page';

export const Route = createFileRoute('/backoffice/login')({
  component: StaffLoginPage,
});
