import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { ApiSource } from './platform/api-client';
import type { SessionStore } from './platform/session/session-store';
import { routeTree } from './routeTree.gen';

export interface AppRouterOptions {
  api: ApiSource;
  session: SessionStore;
  /** Browser history by default; tests pass a memory history. */
  history?: RouterHistory;
}

/** The app's router from the generated file-route tree; app-main.tsx and the route tests both use it. */
export function createAppRouter({ api, session, history }: AppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { api, session },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Which frame a back-office page is drawn in: `guest` pages (login, registration) have the plain
 * header, `shell` pages the logged-in top bar and side menu, `either` pages follow the session.
 */
export type BackofficeLayoutKind = 'guest' | 'shell' | 'either';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    backofficeLayout?: BackofficeLayoutKind;
  }
}
