import './platform/fonts.css';
import './ui/public-site.css';
import { afterFirstPaint } from './platform/after-first-paint';
import { markInlineStylesheets } from './platform/inline-stylesheets';
import { PAGE_QUERIES } from './platform/page-data';

// The entry index.html loads. A public page arrives prerendered (scripts/prerender.mjs): the browser
// paints it first, then this loads the app, which renders the same page over it. The app is asked
// for once that first paint is on screen (not merely begun): its download and start-up then never
// compete with the page's first paint (docs/public-site.md, "Lighthouse as a phone sees it").
//
// The app's modules are evaluated in three tasks rather than one (React; the translations with
// i18next; the router and the app), so a phone answers a tap between them: evaluated in one go they
// were the start-up's longest task after the render (docs/public-site.md, "Start-up in short tasks").
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
afterFirstPaint(async () => {
  // Before the first chunk is asked for, and after the paint: a stylesheet link added earlier, even a
  // disabled one, could hold the first frame.
  markInlineStylesheets();
  // The page's data is asked for now, beside the app's code, not once the app has drawn the page: the
  // app's first render then has it (platform/page-data.ts).
  if (PAGE_QUERIES[location.pathname])
    void import('./platform/public-fetch').then(({ askPageData }) => askPageData(location.pathname));
  await import('react-dom/client');
  await nextTask();
  await import('./platform/i18n');
  await nextTask();
  await import('./app-main');
});
