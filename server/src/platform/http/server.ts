import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import type { EntityManager } from '@mikro-orm/postgresql';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { flushPersonalDataReads } from '../audit/personal-data-reads';
import { enforceAccess } from '../auth/access-guard';
import type { Authenticator, AuthState } from '../auth/principal';
import type { AppConfig } from '../config';
import { databaseRefusal } from '../db/db-errors';
import type { Orm } from '../db/orm';
import { pendingMigrations } from '../db/orm';
import type { AppDeps } from '../deps';
import { AppError, appErrorBody, graphqlErrorBody, internalErrorBody, shuttingDown } from '../errors';
import { multipartLimits } from '../files/upload';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import { observeRequests } from '../metrics/request-observer';
import { botTokenOf } from '../public-forms/public-form-gate';
import { RequestDrain } from './drain';
import { registerGraphQL } from './graphql-plugin';
import { type RestRoute, registerRestRoutes } from './rest';
import { registerSpa } from './spa';
import { requestError, validationError } from './validation-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's own EntityManager fork. */
    em: EntityManager;
    /** Who is calling (bearer token and live session); resolved once per request. */
    authenticate(): Promise<AuthState>;
    /** The authentication if something asked for it during this request, else undefined. */
    authenticated(): Promise<AuthState> | undefined;
    /** Takes `auth` as this request's authentication, read by a command itself (PendingSession). */
    adoptAuth(auth: AuthState): void;
  }
  interface FastifyInstance {
    /** This process's requests in flight and its drain before it stops (drain.ts). */
    drain: RequestDrain;
  }
}

export interface ServerParts {
  config: AppConfig;
  log: Logger;
  orm: Orm;
  schema: GraphQLSchema;
  restRoutes: readonly RestRoute[];
  deps: AppDeps;
  /** Prometheus metrics of this process; GET /metrics with METRICS_TOKEN (docs/metrics.md). */
  metrics: Metrics;
  authenticatorFor(em: EntityManager): Authenticator;
}

/** Bytes of a GraphQL request body; every other route keeps fastify's 1 MiB. */
const GRAPHQL_BODY_LIMIT = 3 * 1024 * 1024;

const passiveRoutes = new Set(['/api/auth/auth', '/api/auth/refresh-token']);

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The Strict-Transport-Security value, or null when it is off (config.ts). Browsers heed it only on
 * an HTTPS answer (behind a TLS proxy too), so it is sent on every answer.
 */
export const hstsHeader = (hsts: AppConfig['hsts']) =>
  hsts ? `max-age=${hsts.maxAge}; includeSubDomains` : null;

/**
 * A refusal in the route's own error shape: a GraphQL answer (`errors[].extensions`, as Apollo
 * Client reads it) on /graphql, the REST error body everywhere else.
 */
function sendRefusal(request: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  reply.code(err.status);
  if (request.routeOptions.url !== '/graphql') return reply.send(appErrorBody(err, request.id));
  const accept = request.headers.accept ?? '';
  return reply
    .type(
      accept.includes('application/graphql-response+json')
        ? 'application/graphql-response+json; charset=utf-8'
        : 'application/json; charset=utf-8',
    )
    .send(graphqlErrorBody(err, request.id));
}

export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  const { config, log, orm } = parts;
  const hsts = hstsHeader(config.hsts);
  const app: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // A hop count trusts that many proxies from the socket back (proxy-addr's `hop` is 0 for the
    // socket's peer): the visitor is the entry the nearest untrusted hop wrote.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // Keep the caller's id when it is well-formed, so a request can be followed across systems.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request, written when it is answered (metrics/request-observer.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Body schemas allow null beside a type (rest-schema.ts): union types are meant, not a mistake
    // for ajv's strict mode to print a warning about at every start.
    ajv: { customOptions: { allowUnionTypes: true } },
    // The drain below answers requests that come while the server closes, in the project's shape.
    return503OnClosing: false,
  });
  observeRequests(app, parts.metrics);

  // Text responses (the province tree is ~750 kB) travel gzipped to browsers that accept it.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  // Uploads (platform/files): read only by the routes that ask for them, within the attachment limits.
  await app.register(fastifyMultipart, { limits: multipartLimits(config.attachments) });

  app.decorateRequest('em', null as unknown as EntityManager);
  app.decorateRequest('authenticate', null as unknown as () => Promise<AuthState>);
  app.decorateRequest('authenticated', null as unknown as () => Promise<AuthState> | undefined);
  app.decorateRequest('adoptAuth', null as unknown as (auth: AuthState) => void);
  app.addHook('onRequest', async (request, reply) => {
    request.em = orm.em.fork() as EntityManager;
    let auth: Promise<AuthState> | undefined;
    request.authenticate = () => {
      auth ??= parts
        .authenticatorFor(request.em)
        .authenticate(request.headers.authorization, { touch: false, ip: request.ip });
      return auth;
    };
    request.authenticated = () => auth;
    request.adoptAuth = (state) => {
      auth = Promise.resolve(state);
    };
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (hsts) reply.header('strict-transport-security', hsts);
    // No GraphQL answer is kept by a browser or a proxy (a login's carries a token). Apollo's own
    // answers get it from the no-store plugin (graphql-plugin.ts); this covers those refused before
    // Apollo reads them too: malformed JSON, a body over the limit, no query, a refused content type.
    if (request.routeOptions.url === '/graphql') reply.header('cache-control', 'no-store');
  });

  // The drain (SIGTERM, SIGINT; main.ts): /readyz answers 503 at once, new requests are refused
  // with SHUTTING_DOWN (with the headers above), the ones admitted before run to their end. An
  // admitted request is counted until its answer is sent or its caller gives up ('close').
  const drain = new RequestDrain();
  app.decorate('drain', drain);
  app.addHook('onRequest', async (request, reply) => {
    // /healthz is liveness: the process is alive while it drains.
    if (!drain.active || request.routeOptions.url === '/healthz') {
      reply.raw.once('close', drain.enter());
      return;
    }
    reply.header('connection', 'close');
    if (request.routeOptions.url === '/readyz')
      return reply.code(503).send({ status: 'shutting down', code: 'SHUTTING_DOWN' });
    return sendRefusal(request, reply, shuttingDown());
  });

  // The staff reads of personal data this request made: one audit event, written before the answer
  // leaves (platform/audit/personal-data-reads.ts). Requests nobody authenticated read nothing.
  app.addHook('onSend', async (request, _reply, payload) => {
    // An authentication that failed (the database out of reach) was answered already; it read nothing.
    const auth = await request.authenticated()?.catch(() => null);
    if (!auth) return payload;
    const { principal } = auth;
    if (principal)
      await flushPersonalDataReads(request.em, principal, { ip: request.ip, requestId: request.id });
    return payload;
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status === 403 || err.status === 401)
        request.log.warn({ code: err.code, route: request.routeOptions.url }, 'refused');
      return sendRefusal(request, reply, err);
    }
    const refusal = databaseRefusal(err);
    if (refusal) {
      if (refusal.status === 400) request.log.warn({ err }, 'the database refused input no limit caught');
      if (refusal.status === 403)
        request.log.error({ err }, 'the database refused a change the server may not make');
      if (refusal.status === 503) request.log.warn({ err }, 'the database is out of reach');
      return sendRefusal(request, reply, refusal);
    }
    // The caller's mistakes fastify finds (schema validation, the body parser's): 4xx, Thai and English.
    if (err.validation) return sendRefusal(request, reply, validationError(err));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return sendRefusal(request, reply, requestError(err));
    // Anything else is shown only as the request id: never its code or text (a driver's names hosts).
    request.log.error({ err }, 'request failed');
    const internal = internalErrorBody(request.id);
    if (request.routeOptions.url !== '/graphql') return reply.code(500).send(internal);
    const { message, ...extensions } = internal;
    return reply.code(500).send({ errors: [{ message, extensions }] });
  });

  app.get('/healthz', { config: { access: { public: true } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: { public: true } } }, async (_request, reply) => {
    try {
      await orm.em.getConnection().execute('select 1');
      const pending = await pendingMigrations(orm);
      if (pending.length > 0) return reply.code(503).send({ status: 'migrations pending', pending });
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'database unreachable', code: 'DATABASE_UNAVAILABLE' });
    }
  });

  // A public form's write is counted and bot-checked before its body is validated: malformed posts
  // count against the address too.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || !('public' in access) || !access.form || !request.url.startsWith('/api/')) return;
    await parts.deps.forms.admit({
      em: request.em,
      log: request.log,
      ip: request.ip,
      botToken: botTokenOf(request),
      target: `${request.method} ${request.routeOptions.url}`,
    });
  });

  // The REST side of the one access check: every /api route declares its access (rest.ts).
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || !request.url.startsWith('/api/')) return;
    const target = `${request.method} ${request.routeOptions.url}`;
    const principal = await enforceAccess(
      // A form was admitted in preValidation.
      'public' in access
        ? { kind: 'public' }
        : 'donor' in access
          ? { kind: 'donor' }
          : { kind: 'menu', codes: [...access.menu] },
      {
        auth: await request.authenticate(),
        em: request.em,
        log: request.log,
        requestId: request.id,
        ip: request.ip,
      },
      target,
    );
    const active = request.headers['x-user-active'] === '1';
    if (principal && (active || !passiveRoutes.has(request.routeOptions.url ?? ''))) {
      await parts.authenticatorFor(request.em).touch(principal);
    }
  });

  // GraphQL alone takes up to 3 MiB: a reference-data import sends its file (at most 2 MB) in base64.
  app.addHook('onRoute', (route) => {
    if (route.url === '/graphql') route.bodyLimit = GRAPHQL_BODY_LIMIT;
  });
  await registerGraphQL(app, {
    schema: parts.schema,
    production: config.production,
    sandbox: config.graphqlSandbox,
    deps: parts.deps,
    metrics: parts.metrics,
  });
  registerRestRoutes(app, parts.restRoutes);
  parts.metrics.registerRoute(app, config.observability.metricsToken);
  await registerSpa(app, config.clientDist);
  return app;
}
