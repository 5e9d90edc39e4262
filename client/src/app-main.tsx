// The app, loaded by main.tsx once the browser has painted the page's first frame.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ApiSourceProvider, lazyApiSource } from './platform/api-client';
import { currentLanguage, i18n, loadLanguage } from './platform/i18n';
import { SessionProvider } from './platform/session/session-context';
import { SessionStore } from './platform/session/session-store';
import { loadStartupLists } from './platform/startup-lists';
import { createAppRouter } from './router';

// The startup reference lists (spec sec. 3) serve forms; no page shows them on arrival. They are
// fetched once the app has drawn its first page and the browser is idle (StartupListsAfterDraw), so
// they never compete with the page's first paint or the app's own start (the province tree alone is
// 130 KiB gzipped, 750 kB of JSON): docs/public-site.md, "Lighthouse as a phone sees it".
function StartupListsAfterDraw() {
  useEffect(() => {
    const load = () => void loadStartupLists();
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
    else setTimeout(load, 200);
  }, []);
  return null;
}
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the first render: the visitor's language (Thai is in the first load; English loads now) and
// the page's route (its code and guards), so the first render is the whole page. A public page
// arrives prerendered (scripts/prerender.mjs): that HTML stays on screen until the app's first
// commit replaces it with the same page (TanStack Router's plain RouterProvider cannot hydrate, so
// the app draws the page anew rather than adopting it). The render is a transition: React renders
// in slices and yields to the browser between them, so a phone stays responsive meanwhile.
//
// The start-up runs as several tasks rather than one, so the page keeps answering taps while the app
// takes over: evaluating the app's modules; the session and router; on every page but the plain ones,
// Chakra's system (the theme turned into styles, the costliest single step; platform/chakra-zone.tsx);
// then the render in slices. The plain pages (the home page, near me, the short-supply list;
// platform/plain-pages.ts) have neither Chakra nor Apollo (routes/__root.tsx).
const root = createRoot(container);

/** Shows #root once the app has drawn the page in the visitor's language (public/language.js hid a Thai copy). */
function LanguageShown() {
  useLayoutEffect(() => document.documentElement.removeAttribute('data-language-pending'), []);
  return null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  const session = new SessionStore();
  const api = lazyApiSource(session);
  const router = createAppRouter({ api, session });
  // Matching the page and loading its route's code is a task of its own too.
  await nextTask();
  await Promise.allSettled([loadLanguage(currentLanguage()), router.load()]);
  await nextTask();
  startTransition(() =>
    root.render(
      <StrictMode>
        <ApiSourceProvider source={api}>
          <SessionProvider store={session}>
            <I18nextProvider i18n={i18n}>
              <RouterProvider router={router} />
              <LanguageShown />
              <StartupListsAfterDraw />
            </I18nextProvider>
          </SessionProvider>
        </ApiSourceProvider>
      </StrictMode>,
    ),
  );
}
void start();
