// After `vite build`: writes dist/prerendered/<page>.html, the built index.html with each public
// page's first paint inside #root (src/prerender.tsx). The server sends it for that exact path, so a
// phone shows the page before the JavaScript has arrived; every other path gets index.html.
// A page that cannot be prerendered is left out with a warning: it is served as before.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(clientDir, 'dist');
const out = join(dist, 'prerendered');

/**
 * The public pages of specification sec. 2 a visitor may land on. The pages drawn without Chakra
 * (routes/__root.tsx) come first: once a page has loaded Chakra, the rest of the run renders inside
 * its provider (platform/chakra-zone.tsx), whose global styles would then be in their copy.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/donate-money-by-bank-transfer',
  '/near-me',
  '/short-supply',
  '/reqs-receipt-donation-resource',
  '/reqs-receipt-donation-money',
  '/pdpa',
  '/about',
  '/login',
  '/signup',
];

export const fileFor = (path) => `${path === '/' ? 'index' : path.slice(1).replaceAll('/', '__')}.html`;

// Production builds of React and emotion, as in the browser: the class names the prerendered styles
// use are the ones the app's own styles use when it takes over.
process.env.NODE_ENV = 'production';
const vite = await createServer({
  mode: 'production',
  configFile: join(clientDir, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { renderPage } = await vite.ssrLoadModule('/src/prerender.tsx');
  // Nothing in the head may hold the first frame (docs/public-site.md, "Nothing holds the first
  // frame"): the stylesheet is inlined, the visitor's-language script too (the server allows it by its
  // hash: server/src/platform/http/spa.ts), and the faces the first paint uses (body text, headings,
  // and the header's brand name in 500 on every page; Thai and Latin) are preloaded from the end of
  // the body, where a preload does not block rendering as it does in the head. They still arrive with
  // the first paint's requests, not a round trip later once the CSS has been applied.
  const fonts = readdirSync(join(dist, 'assets')).filter((f) =>
    /^sarabun-(thai|latin)-(400|500|700)-normal-.*\.woff2$/.test(f),
  );
  const preloads = fonts
    .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
  const built = readFileSync(join(dist, 'index.html'), 'utf8');
  const stylesheets = [...built.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)];
  const languageScript = '<script src="/language.js"></script>';
  if (stylesheets.length === 0 || !built.includes(languageScript))
    throw new Error('prerender: index.html has no stylesheet or no language.js to inline');
  let index = built.replace(
    languageScript,
    () => `<script>${readFileSync(join(dist, 'language.js'), 'utf8')}</script>`,
  );
  // The copy's text waits for its faces (`font-display: block` instead of the stylesheet's `swap`):
  // drawn first in a fallback face and again in Sarabun, every line would change size, and the app's
  // first commit, new nodes larger than the fallback's, would count as the page's largest paint.
  for (const [link, href] of stylesheets) {
    const css = readFileSync(join(dist, href), 'utf8').replaceAll('font-display:swap', 'font-display:block');
    // `data-href` names the stylesheet the page carries inline (main.tsx, `markInlineStylesheets`).
    index = index.replace(link, () => `<style data-href="${href}">${css}</style>`);
  }
  index = index.replace('</body>', () => `  ${preloads}\n  </body>`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let written = 0;
  for (const path of PRERENDERED_PAGES) {
    try {
      const html = await renderPage(path);
      if (html === null) {
        console.warn(`prerender: ${path} redirects; served as the app`);
        continue;
      }
      // Scripts the router writes for the server (scroll restoration) are dropped: the page's CSP
      // would refuse them, and the app restores scrolling itself. The copy's controls are disabled:
      // the app replaces them with live ones, and what someone typed into the copy would be lost.
      // Links work as plain links.
      const body = html
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .replace(/<(button|input|select|textarea)\b(?![^>]*\sdisabled)/g, '<$1 disabled=""');
      writeFileSync(
        join(out, fileFor(path)),
        index.replace('<div id="root"></div>', `<div id="root">${body}</div>`),
      );
      written++;
    } catch (error) {
      console.warn(`prerender: ${path} left out: ${error instanceof Error ? error.message : error}`);
    }
  }
  console.log(`prerendered ${written} of ${PRERENDERED_PAGES.length} public pages into dist/prerendered`);
} finally {
  await vite.close();
}
