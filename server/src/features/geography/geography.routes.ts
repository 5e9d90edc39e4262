import { acceptsGzip, REFERENCE_CACHE_CONTROL, type RestRoute } from '../../platform/http/rest';
import { provinceTreeCache } from './province-tree';

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
