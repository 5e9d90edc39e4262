import { commonListNames, commonLists } from '../../kits/core/common-lists.data';
import { REFERENCE_CACHE_CONTROL, type RestRoute } from '../../platform/http/rest';

/** One no-auth GET route for each fixed list: GET /api/common/<name> answers the list as it is. */
export const commonListRoutes: RestRoute[] = commonListNames.map((name) => ({
  method: 'GET',
  url: `/common/${name}`,
  access: { public: true },
  async handler(_request, reply) {
    reply.header('cache-control', REFERENCE_CACHE_CONTROL);
    return commonLists[name];
  },
}));
