import { createFileRoute, redirect } from '@tanstack/react-router';
import { DonorLoginPage } from '../../features/auth';

export const Route = createFileRoute('/_public/login')({
  beforeLoad: ({ context }) => {
    if (context.session.donor) throw redirect({ to: '/user/donation-history', replace: true });
  },
  component: DonorLoginPage,
});
