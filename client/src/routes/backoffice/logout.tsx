import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../../features/backoffice';

export const Route = createFileRoute('/backoffice/logout')({
  component: LogoutPage,
});
