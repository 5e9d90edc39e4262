import type { FastifyInstance } from 'fastify';
import { type Metrics, routeLabel, statusClass } from './metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** The GraphQL operation's name, set by the metrics plugin (graphql-plugin.ts), for the log line. */
    graphqlOperation: string | null;
  }
}

/**
 * One log line per request, when its answer has left (fastify's own two lines are off), and the
 * HTTP metrics. The line holds the request id (reqId), method, route pattern, status, time, the
 * caller's user id when the request authenticated one, and the GraphQL operation's name: never the
 * URL (a query string may hold a search for a name or an e-mail), a header, a body or variables.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.decorateRequest('graphqlOperation', null);
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const route = routeLabel(request.routeOptions.url, status);
    metrics.httpRequests.labels(request.method, route, statusClass(status)).inc();
    metrics.httpDuration.labels(request.method, route).observe(reply.elapsedTime / 1000);
    const auth = request.authenticated();
    const userId = auth ? (await auth.catch(() => null))?.principal?.userId : undefined;
    request.log.info(
      {
        method: request.method,
        route,
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(userId !== undefined ? { userId } : {}),
        ...(request.graphqlOperation ? { operation: request.graphqlOperation } : {}),
      },
      'request',
    );
  });
}
