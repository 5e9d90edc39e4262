import { createFileRoute, redirect } from '@tanstack/react-router';
import { DonorSignupPage } from '../../features/auth/donor-signup-page';
import { PageContainer } from '../../ui/page-container';

/** Donor sign-up; a donor already logged in goes to their donation history, staff to the back office. */
export const Route = createFileRoute('/_public/signup')({
  beforeLoad: ({ context }) => {
    if (context.session.donor) throw redirect({ to: '/user/donation-history', replace: true });
    if (context.session.staff) throw redirect({ to: '/backoffice', replace: true });
  },
  component: () => (
    <PageContainer>
      <DonorSignupPage />
    </PageContainer>
  ),
});
