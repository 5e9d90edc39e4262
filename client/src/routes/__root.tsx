import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorPage } from '../features/public-pages/error-page';
import { NotFoundPage } from '../features/public-pages/not-found-page';
import { useLoadedApi } from '../platform/api-client';
import { loadAllTranslations } from '../platform/i18n';
import type { RouterContext } from '../platform/router-context';
import { SessionGuardian } from '../platform/session/session-guardian';
import { PublicShell } from '../ui/app-shell/public-shell';

// Toasts and the session's dialogs are for later in a visit; their code is not in the first load.
const ToasterView = lazy(() => import('../ui/toaster-view'));

export const Route = createRootRouteWithContext<RouterContext>()({
  // The home page's first load carries only its own translations (platform/locale-parts.ts);
  // every other page has the rest before it renders. Apollo likewise: the home page reads its figures
  // with a plain fetch, every other page gets the client before it renders (platform/api-client.tsx).
  beforeLoad: async ({ location, context }) => {
    if (location.pathname === '/') return;
    await Promise.all([loadAllTranslations(), context.api.load()]);
  },
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
  const api = useLoadedApi();
  const page = (
    <>
      <Outlet />
      <SessionGuardian />
      <Toasts />
    </>
  );
  return api ? <api.Provider client={api.client}>{page}</api.Provider> : page;
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
