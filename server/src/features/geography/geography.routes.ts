import { REFERENCE_CACHE_CONTROL, type RestRoute } from '../../platform/http/rest';
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
        const { json, etag } = await provinceTree(request.em);
        reply.header('cache-control', REFERENCE_CACHE_CONTROL).header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(json);
      },
    },
  ];
}
