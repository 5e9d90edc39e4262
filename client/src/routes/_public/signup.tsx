import { createFileRoute, redirect } from '@tanstack/react-router';
import { DonorSignupPage } from '../../features/auth';
import { optionalSearchText } from '../../platform/search-params';
import { PageContainer } from '../../ui/page-container';

interface SignupSearch {
  /** Filled in from the link in a donation's tracking e-mail (/signup?email=…). */
  email?: string;
}

/** Donor sign-up; a donor already logged in goes to their donation history, staff to the back office. */
export const Route = createFileRoute('/_public/signup')({
  validateSearch: (search): SignupSearch => ({ email: optionalSearchText(search.email)?.slice(0, 254) }),
  beforeLoad: ({ context }) => {
    if (context.session.donor) throw redirect({ to: '/user/donation-history', replace: true });
    if (context.session.staff) throw redirect({ to: '/backoffice', replace: true });
  },
  component: SignupRoute,
});

function SignupRoute() {
  const { email } = Route.useSearch();
  return (
    <PageContainer>
      <DonorSignupPage email={email} />
    </PageContainer>
  );
}
