import './platform/fonts.css';
import './ui/public-site.css';

// The entry index.html loads. A public page arrives prerendered (scripts/prerender.mjs): the browser
// paints it first, then this loads the app, which renders the same page over it. Starting the app
// after the first frame keeps its download and start-up off the page's first paint.
requestAnimationFrame(() => {
  setTimeout(() => void import('./app-main'), 0);
});
