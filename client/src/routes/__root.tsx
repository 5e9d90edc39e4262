import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorPage } from '../features/public-pages/error-page';
import { NotFoundPage } from '../features/public-pages/not-found-page';
import type { RouterContext } from '../platform/router-context';
import { SessionGuardian } from '../platform/session/session-guardian';
import { PublicShell } from '../ui/app-shell/public-shell';
import { Toaster } from '../ui/toaster';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Unknown paths match no layout route, so the public shell is added here around the message.
  notFoundComponent: () => (
    <PublicShell>
      <NotFoundPage />
    </PublicShell>
  ),
  errorComponent: () => (
    <PublicShell>
      <ErrorPage />
    </PublicShell>
  ),
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionGuardian />
      <Toaster />
    </>
  );
}
