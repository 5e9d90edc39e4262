import { createFileRoute, redirect } from '@tanstack/react-router';
import { HomePage } from '../../features/home';

export const Route = createFileRoute('/_public/')({
  // Logged-in staff have the back office as their home (specification sec. 2).
  beforeLoad: ({ context }) => {
    if (context.session.staff) throw redirect({ to: '/backoffice', replace: true });
  },
  component: HomePage,
});
