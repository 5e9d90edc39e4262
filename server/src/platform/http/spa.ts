import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';

/**
 * Paths the SPA fallback never answers with the client page (they get a 404): the server's own
 * prefixes (the API, GraphQL, /metrics when off, anything after the probes' names, a built file
 * missing under /assets), a dot segment (/.env, /.git/config) and a last segment with a file
 * extension (/wp-login.php, /favicon.png): no page route has one, so a scanner or a misconfigured
 * scraper sees a 404, not a page answered 200.
 */
const notPagePaths = [
  /^\/(api|graphql|metrics)(\/|$)/,
  /^\/(healthz|readyz)/,
  /^\/assets\//,
  /\/\./,
  /\.[A-Za-z][A-Za-z0-9]{0,9}$/,
];

/** Whether a GET of `url` may be answered with the client page (status 200, the client routes it). */
export function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !notPagePaths.some((pattern) => pattern.test(path));
}

// Inline styles come from Chakra's emotion and the prerendered pages' own stylesheet; scripts are our
// own origin's, and the inline scripts of the pages this server sends, each allowed by its hash
// (`inlineScriptHashes`). Map tiles, when a tile server is configured, are added by that feature.
function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The CSP source of each inline script (`<script>` without `src`) of a page: `sha256-<base64>` of
 * its text, exactly as the browser hashes it. A prerendered page carries the visitor's-language
 * script inline (client/scripts/prerender.mjs): a script fetched from the head would hold the first
 * paint (docs/public-site.md, "Nothing holds the first frame").
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc\s*=/.test(attributes ?? '')) continue;
    hashes.push(
      `sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}`,
    );
  }
  return hashes;
}

/**
 * The file a page path is prerendered in (client/scripts/prerender.mjs): `/` is `index.html`,
 * `/near-me` is `near-me.html`, `/a/b` is `a__b.html`.
 */
export function prerenderedFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '__')}.html`;
}

function sendIndex(reply: FastifyReply, file: string, policy: string) {
  return reply
    .code(200)
    .header('content-security-policy', policy)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .sendFile(file, { cacheControl: false });
}

/**
 * Serves the built client: hashed assets cached for a year, and index.html (status 200) for any
 * other GET of a non-API path, so the client router renders the page or its not-found screen. A
 * public page the build prerendered gets its prerendered copy of index.html, the page's first paint
 * already inside (the app then renders over it).
 */
export async function registerSpa(app: FastifyInstance, clientDist: string): Promise<void> {
  const built = existsSync(join(clientDist, 'index.html'));
  const prerenderedDir = join(clientDist, 'prerendered');
  const prerendered = new Set(
    existsSync(prerenderedDir) ? readdirSync(prerenderedDir).filter((file) => file.endsWith('.html')) : [],
  );
  const pageFor = (url: string) => {
    const file = prerenderedFileOf(url.split('?')[0]);
    return prerendered.has(file) ? `prerendered/${file}` : 'index.html';
  };
  // One policy for every page sent: the inline scripts of all of them, read once (the build's files
  // do not change while the server runs).
  const pages = built ? ['index.html', ...[...prerendered].map((file) => `prerendered/${file}`)] : [];
  const hashes = new Set(
    pages.flatMap((file) => inlineScriptHashes(readFileSync(join(clientDist, file), 'utf8'))),
  );
  const policy = contentSecurityPolicy([...hashes]);
  if (!built) app.log.warn({ clientDist }, 'client is not built: only the API is served');
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      // The build's Brotli and gzip copies (client/scripts/precompress.mjs), sent as they are rather
      // than compressed again for every request; a file without them is sent as before.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/', (_req, reply) => sendIndex(reply, pageFor('/'), policy));
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const html = request.method === 'GET' || request.method === 'HEAD';
    if (built && html && isPagePath(request.url)) return sendIndex(reply, pageFor(request.url), policy);
    throw notFound('ไม่พบบริการที่เรียก', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}
