import './platform/fonts.css';
import './ui/public-site.css';
import { afterFirstPaint } from './platform/after-first-paint';

// The entry index.html loads. A public page arrives prerendered (scripts/prerender.mjs): the browser
// paints it first, then this loads the app, which renders the same page over it. The app is asked
// for once that first paint is on screen (not merely begun): its download and start-up then never
// compete with the page's first paint (docs/public-site.md, "Lighthouse as a phone sees it").
afterFirstPaint(() => void import('./app-main'));
