import type { RestRoute } from '../../platform/http/rest';
import { bodySchema, str } from '../../platform/http/rest-schema';
import { staffMenuCodes } from './reference-kit';
import { referenceTypes } from './reference-types';

/**
 * The legacy /api/common lists the reference types declare. GET lists are public (specification
 * sec. 7 lists them as no-auth); the POST lists carry a token and serve any back-office screen.
 * Reference data changes with edits, so the answers are revalidated rather than cached for an hour.
 */
export const referenceRoutes = (): RestRoute[] =>
  referenceTypes.flatMap((type) =>
    (type.legacyLists ?? []).map(
      (list): RestRoute => ({
        method: list.method,
        url: list.url,
        access: list.method === 'GET' ? { public: true } : { menu: staffMenuCodes() },
        schema:
          list.method === 'POST'
            ? bodySchema(
                Object.fromEntries((list.bodyFields ?? []).map((f) => [f, str(64)])),
                list.bodyFields,
              )
            : undefined,
        async handler(request, reply) {
          reply.header('cache-control', 'no-cache');
          const body = (request.body ?? {}) as Record<string, string>;
          return list.handler({ em: request.em, type, body, request });
        },
      }),
    ),
  );
