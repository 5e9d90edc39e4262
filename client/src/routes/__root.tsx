import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorPage } from '../features/public-pages/error-page';
import { NotFoundPage } from '../features/public-pages/not-found-page';
import { loadAllTranslations } from '../platform/i18n';
import type { RouterContext } from '../platform/router-context';
import { SessionGuardian } from '../platform/session/session-guardian';
import { PublicShell } from '../ui/app-shell/public-shell';

// Toasts and the session's dialogs are for later in a visit; their code is not in the first load.
const ToasterView = lazy(() => import('../ui/toaster-view'));

export const Route = createRootRouteWithContext<RouterContext>()({
  // The home page's first load carries only its own translations (platform/locale-parts.ts); every
  // other page has the rest before it renders.
  beforeLoad: ({ location }) => (location.pathname === '/' ? undefined : loadAllTranslations()),
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
      <Toasts />
    </>
  );
}

/** The toasts' view, mounted once the page is live (the prerendered copy of a page has none). */
function Toasts() {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
