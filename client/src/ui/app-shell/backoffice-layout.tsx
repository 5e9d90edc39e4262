import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { BackofficeShell, type BackofficeShellParts } from './backoffice-shell';
import { StaffGuestLayout } from './staff-guest-layout';

/**
 * The /backoffice layout route's component: pages before login get the guest frame, pages after it
 * the shell (with the features' parts the route layer hands in). A shell page without a session
 * renders nothing: its guard is already redirecting.
 */
export function BackofficeLayout({ parts }: { parts: BackofficeShellParts }) {
  const { session } = useSessionSnapshot();
  const layout = useRouterState({
    select: (state) => state.matches.at(-1)?.staticData.backofficeLayout ?? 'shell',
  });
  const staff = session?.kind === 'staff' ? session : null;
  if (layout === 'guest' || (layout === 'either' && !staff)) {
    return (
      <StaffGuestLayout>
        <Outlet />
      </StaffGuestLayout>
    );
  }
  if (!staff) return null;
  return (
    <BackofficeShell user={staff.user} parts={parts}>
      <Outlet />
    </BackofficeShell>
  );
}
