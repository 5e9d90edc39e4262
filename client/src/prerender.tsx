import { ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Observable } from 'rxjs';
import { ApiSourceProvider, readyApiSource } from './platform/api-client';
import { createApolloClient } from './platform/apollo';
import { i18n, loadAllTranslations } from './platform/i18n';
import { SessionProvider } from './platform/session/session-context';
import { memoryStorage } from './platform/session/session-storage';
import { SessionStore } from './platform/session/session-store';
import { createAppRouter } from './router';

// The build's prerender (scripts/prerender.mjs): a public page as a first-time visitor sees it before
// any data arrives (header, headings, texts, loading states, footer), in Thai, as static HTML the
// server sends for that path. The browser paints it at once; the app then renders the same page
// over it and fetches its data. Nothing here runs in the browser.

/** The HTML inside #root for `path`, or null when the page redirects elsewhere. */
export async function renderPage(path: string): Promise<string | null> {
  if (path !== '/') await loadAllTranslations();
  const session = new SessionStore({ storage: memoryStorage() });
  // No network at build time: every query stays loading, as it is when the page first paints.
  const apolloClient = createApolloClient({
    session,
    terminatingLink: new ApolloLink(() => new Observable(() => {})),
  });
  const api = readyApiSource({ client: apolloClient, Provider: ApolloProvider });
  const router = createAppRouter({
    api,
    session,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  if (router.state.location.pathname !== path) return null;
  return renderToString(
    <StrictMode>
      <ApiSourceProvider source={api}>
        <SessionProvider store={session}>
          <I18nextProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </SessionProvider>
      </ApiSourceProvider>
    </StrictMode>,
  );
}
