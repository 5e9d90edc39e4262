import { existsSync, readdirSync } from 'node:fs';
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

// Inline styles come from Chakra's emotion; everything else is our own origin. Map tiles, when a
// tile server is configured, are added by that feature.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The file a page path is prerendered in (client/scripts/prerender.mjs): `/` is `index.html`,
 * `/near-me` is `near-me.html`, `/a/b` is `a__b.html`.
 */
export function prerenderedFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '__')}.html`;
}

function sendIndex(reply: FastifyReply, file = 'index.html') {
  return reply
    .code(200)
    .header('content-security-policy', contentSecurityPolicy)
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
  const prerendered = new Set(existsSync(prerenderedDir) ? readdirSync(prerenderedDir) : []);
  const pageFor = (url: string) => {
    const file = prerenderedFileOf(url.split('?')[0]);
    return prerendered.has(file) ? `prerendered/${file}` : 'index.html';
  };
  if (!built) app.log.warn({ clientDist }, 'client is not built: only the API is served');
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/', (_req, reply) => sendIndex(reply, pageFor('/')));
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const html = request.method === 'GET' || request.method === 'HEAD';
    if (built && html && isPagePath(request.url)) return sendIndex(reply, pageFor(request.url));
    throw notFound('ไม่พบบริการที่เรียก', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}
