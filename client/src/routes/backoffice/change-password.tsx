import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../features/backoffice';
import { guardFeatureRoute } from '../../platform/session/route-guards';

// change-password is catalogue entry MN-007, so it has the same per-menu check as every feature route.
export const Route = createFileRoute('/backoffice/change-password')({
  beforeLoad: async ({ context, preload }) => ({
    menuEntry: await guardFeatureRoute(context, 'change-password', preload),
  }),
  component: ChangePasswordPage,
});
