import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../../features/auth';
import { WelcomePage } from '../../features/backoffice';
import { useSessionSnapshot } from '../../platform/session/session-context';

// /backoffice is the login when not logged in and the welcome page after (specification sec. 2).
export const Route = createFileRoute('/backoffice/')({
  staticData: { backofficeLayout: 'either' },
  beforeLoad: ({ context, preload }) => {
    if (!preload) context.session.setCurrentMenu(null);
  },
  component: BackofficeHome,
});

function BackofficeHome() {
  const { session } = useSessionSnapshot();
  return session?.kind === 'staff' ? <WelcomePage /> : <StaffLoginPage />;
}
