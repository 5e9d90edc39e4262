import { REFERENCE_CACHE_CONTROL, type RestRoute } from '../../platform/http/rest';
import { provinceTreeCache } from './province-tree';

/**
 * Whether an Accept-Encoding header accepts gzip (by name or `*`, with a weight above 0). The
 * server's compression would have chosen gzip too (server.ts: gzip before deflate).
 */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** The legacy province tree (spec sec. 3: loaded once at client start). Each app has its own cache. */
export function geographyRoutes(): RestRoute[] {
  const provinceTree = provinceTreeCache();
  return [
    {
      method: 'GET',
      url: '/common/province-tree',
      access: { public: true },
      async handler(request, reply) {
        const { json, etag, gzip } = await provinceTree(request.em);
        reply
          .header('cache-control', REFERENCE_CACHE_CONTROL)
          .header('etag', etag)
          .header('vary', 'accept-encoding');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        reply.type('application/json; charset=utf-8');
        if (acceptsGzip(request.headers['accept-encoding']))
          return reply.header('content-encoding', 'gzip').send(gzip);
        return reply.send(json);
      },
    },
  ];
}
