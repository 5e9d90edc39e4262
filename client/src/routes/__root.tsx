import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLoadedApi } from '../platform/api-client';
import { loadChakra, RequireChakra, useChakraRoot } from '../platform/chakra-zone';
import { loadAllTranslations } from '../platform/i18n';
import { PLAIN_PAGES } from '../platform/plain-pages';
import type { RouterContext } from '../platform/router-context';
import { SessionGuardian } from '../platform/session/session-guardian';
import { PublicShell } from '../ui/app-shell/public-shell';

// Toasts and the session's dialogs are for later in a visit; their code is not in the first load.
const ToasterView = lazy(() => import('../ui/toaster-view'));
// Nor are the not-found and error pages (Chakra's, like every page but the home page).
const NotFoundPage = lazy(() =>
  import('../features/public-pages/fallback-pages').then((module) => ({ default: module.NotFoundPage })),
);
const ErrorPage = lazy(() =>
  import('../features/public-pages/fallback-pages').then((module) => ({ default: module.ErrorPage })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // The home page's first load carries only what it draws: its own translations
  // (platform/locale-parts.ts), no Apollo (it reads its figures with a plain fetch;
  // platform/api-client.tsx) and no Chakra (the shell and the page are plain HTML;
  // platform/chakra-zone.tsx). The other plain pages load all the translations but neither Apollo
  // nor Chakra. Every other page has all three before it renders.
  beforeLoad: async ({ location, context }) => {
    if (location.pathname === '/') return;
    const plain = PLAIN_PAGES.has(location.pathname);
    await (plain
      ? loadAllTranslations()
      : Promise.all([loadAllTranslations(), context.api.load(), loadChakra()]));
  },
  component: RootLayout,
  // Unknown paths match no layout route, so the public shell is added here around the message.
  notFoundComponent: () => (
    <PublicShell>
      <RequireChakra>
        <NotFoundPage />
      </RequireChakra>
    </PublicShell>
  ),
  errorComponent: () => (
    <PublicShell>
      <RequireChakra>
        <ErrorPage />
      </RequireChakra>
    </PublicShell>
  ),
});

function RootLayout() {
  const api = useLoadedApi();
  const ChakraRoot = useChakraRoot();
  let page = (
    <>
      <Outlet />
      <SessionGuardian />
      {ChakraRoot && <Toasts />}
    </>
  );
  // Once loaded, Chakra's and Apollo's providers stay around the whole app (the page under them is
  // drawn anew once, when the visitor first leaves the home page).
  if (ChakraRoot) page = <ChakraRoot>{page}</ChakraRoot>;
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
