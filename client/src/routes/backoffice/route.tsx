import { createFileRoute } from '@tanstack/react-router';
import { requireStaffOrGuestPath } from '../../platform/session/route-guards';
import { BackofficeLayout } from '../../ui/app-shell/backoffice-layout';

/** Every /backoffice path: staff only, except the guest pages (login, registration, password help). */
export const Route = createFileRoute('/backoffice')({
  beforeLoad: ({ context, location }) => requireStaffOrGuestPath(context, location.pathname),
  component: BackofficeLayout,
});
