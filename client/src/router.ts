import type { ApolloClient } from '@apollo/client';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export interface AppRouterOptions {
  apolloClient: ApolloClient;
  /** Browser history by default; tests pass a memory history. */
  history?: RouterHistory;
}

/** The app's router from the generated file-route tree; main.tsx and the route tests both use it. */
export function createAppRouter({ apolloClient, history }: AppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { apolloClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
