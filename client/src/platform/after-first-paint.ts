// Runs `start` once the browser has put the page's first contentful paint on screen (the Paint Timing
// entry `first-contentful-paint`, reported when the frame is presented), in a task of its own.
//
// Waiting for the frame to be begun (requestAnimationFrame) is not enough: under load Chromium
// presents that frame hundreds of milliseconds later, and whatever the page requested in between
// (the app's 130 KiB of JavaScript, then its API calls) is, for Lighthouse's simulation of a phone,
// part of what the first paint waited for (docs/public-site.md, "Lighthouse as a phone sees it").
//
// Nothing to wait for, so `start` runs in the next task: a page that was not prerendered (#root
// empty: the app draws everything), an English visitor's Thai copy (hidden until the app draws it:
// public/language.js), a browser without Paint Timing. `fallbackMs` bounds the wait in any case.

/** The longest the app waits for the first paint (a tab opened in the background paints when shown). */
export const FIRST_PAINT_FALLBACK_MS = 3000;

export function afterFirstPaint(
  start: () => void,
  { doc = document, fallbackMs = FIRST_PAINT_FALLBACK_MS }: { doc?: Document; fallbackMs?: number } = {},
): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const nextTask = () => setTimeout(once, 0);
  const prerendered = (doc.getElementById('root')?.childElementCount ?? 0) > 0;
  const hidden = doc.documentElement.hasAttribute('data-language-pending');
  const observable =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!prerendered || hidden || !observable) {
    nextTask();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    nextTask();
  });
  // buffered: a paint that came before this module ran is reported too.
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    once();
  }, fallbackMs);
}
