import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';

/** Who may call a REST route: anyone, or a user granted one of the menu codes. */
export type RouteAccess = { public: true } | { menu: readonly string[] };

export interface RestRoute {
  method: HTTPMethods;
  /** Path below /api, as in specification sec. 7, e.g. `/common/ministry-tree`. */
  url: string;
  access: RouteAccess;
  /** JSON schema of body, query and params; bad input is refused with 400 before the handler. */
  schema?: FastifySchema;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const restPrefix = '/api';

/** Reference lists change only with a release or restart: browsers and proxies may keep them an hour. */
export const REFERENCE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Registers the REST compatibility routes. A route without a declared access cannot be registered:
 * the same rule as the GraphQL @public / @menu directives.
 */
export function registerRestRoutes(app: FastifyInstance, routes: readonly RestRoute[]): void {
  for (const route of routes) {
    if (!route.access) throw new Error(`REST route ${route.method} ${route.url} declares no access`);
    app.route({
      method: route.method,
      url: `${restPrefix}${route.url}`,
      schema: route.schema,
      config: { access: route.access },
      handler: route.handler,
    });
  }
}

/** Every /api route with its access, for the permission snapshot. */
export function describeRestRoutes(routes: readonly RestRoute[]): string[] {
  return routes
    .map((r) => {
      const access = 'public' in r.access ? 'public' : `menu ${r.access.menu.join(' or ')}`;
      return `${r.method} ${restPrefix}${r.url}: ${access}`;
    })
    .sort();
}
