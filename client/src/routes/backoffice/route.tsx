import { createFileRoute } from '@tanstack/react-router';
import { PendingWorkBadge } from '../../features/pending-work';
import { IN_PRODUCT_REPORT_KEYS } from '../../features/reports';
import { requireStaffOrGuestPath } from '../../platform/session/route-guards';
import { BackofficeLayout } from '../../ui/app-shell/backoffice-layout';
import type { BackofficeShellParts } from '../../ui/app-shell/backoffice-shell';

/** The features' parts of the shell: the shared UI imports no feature, so they come from here. */
const shellParts: BackofficeShellParts = {
  topBarBadge: (user) => <PendingWorkBadge user={user} />,
  reportKeys: IN_PRODUCT_REPORT_KEYS,
};

function Layout() {
  return <BackofficeLayout parts={shellParts} />;
}

/** Every /backoffice path: staff only, except the guest pages (login, registration, password help). */
export const Route = createFileRoute('/backoffice')({
  beforeLoad: ({ context, location }) => requireStaffOrGuestPath(context, location.pathname),
  component: Layout,
});
