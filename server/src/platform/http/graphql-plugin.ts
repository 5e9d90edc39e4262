import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { type AuthState, anonymous } from '../auth/principal';
import { databaseRefusal } from '../db/db-errors';
import type { AppDeps } from '../deps';
import { AppError, appErrorBody, appErrorExtensions, internalErrorBody } from '../errors';
import type { GraphQLContext } from '../graphql/context';
import { compiledExecution } from '../graphql/executor';
import { type Metrics, operationLabel } from '../metrics/metrics';
import { botTokenOf } from '../public-forms/public-form-gate';

export interface GraphQLOptions {
  schema: GraphQLSchema;
  deps: AppDeps;
  production: boolean;
  sandbox: boolean;
  metrics: Metrics;
}

/** Limits against abusive queries; the organisation tree is 4 levels deep, documents a few more. */
export const queryLimits = {
  maxDepth: 12,
  maxCost: 20000,
  maxAliases: 20,
  maxDirectives: 30,
  maxTokens: 5000,
};

/** Thai for the errors Apollo raises before any resolver runs (all HTTP 400). */
const requestErrorsTh: Record<string, string> = {
  GRAPHQL_PARSE_FAILED: 'คำสั่ง GraphQL ผิดไวยากรณ์หรือยาวเกินกำหนด',
  GRAPHQL_VALIDATION_FAILED: 'คำสั่ง GraphQL ไม่ตรงกับ schema หรือเกินขีดจำกัดของระบบ',
  BAD_USER_INPUT: 'ค่าตัวแปรของคำสั่ง GraphQL ไม่ถูกต้อง',
  BAD_REQUEST: 'คำขอ GraphQL ไม่ถูกต้อง',
  OPERATION_RESOLUTION_FAILURE: 'ไม่พบคำสั่งที่ระบุใน operationName',
};

function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const cause = error instanceof GraphQLError ? error.originalError : error;
  const requestId = formatted.extensions?.requestId as string | undefined;
  const original = cause instanceof AppError ? cause : databaseRefusal(cause);
  if (original) {
    return {
      message: appErrorBody(original).message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: appErrorExtensions(original),
    };
  }
  // Errors GraphQL itself raises (parse, validation, armor limits, bad variables) are the caller's.
  const code = formatted.extensions?.code as string | undefined;
  if (code && code !== 'INTERNAL_SERVER_ERROR') {
    return {
      ...formatted,
      extensions: {
        ...formatted.extensions,
        messageTh: requestErrorsTh[code] ?? 'คำขอไม่ถูกต้อง',
        messageEn: formatted.message,
      },
    };
  }
  const body = internalErrorBody(requestId);
  return {
    message: body.message,
    path: formatted.path,
    extensions: { code: 'INTERNAL', messageTh: body.messageTh, messageEn: body.messageEn },
  };
}

/**
 * Logs what reaches the caller as an internal error, with the request id, before it is masked. A
 * database out of reach answers HTTP 503 (DATABASE_UNAVAILABLE), as on every other route.
 */
const logInternalErrors: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue, response }) {
        for (const err of errors) {
          const original = err.originalError;
          if (!original || original instanceof AppError || original instanceof GraphQLError) continue;
          const refusal = databaseRefusal(original);
          if (refusal?.status === 503) {
            response.http.status = 503;
            contextValue.log.warn({ err: original, path: err.path }, 'the database is out of reach');
          } else if (refusal?.status === 400)
            contextValue.log.warn(
              { err: original, path: err.path },
              'the database refused input no limit caught',
            );
          else if (refusal?.status === 403)
            contextValue.log.error(
              { err: original, path: err.path },
              'the database refused a change the server may not make',
            );
          else if (!refusal)
            contextValue.log.error({ err: original, path: err.path }, 'graphql resolver failed');
        }
      },
    };
  },
};

/** A name the log may carry: a GraphQL name, not too long (the parsed operation's, or the body's). */
const operationNamePattern = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

/**
 * Counts each operation by its name (operationLabel: the client's names, else "other" or
 * "anonymous"), its time and whether it answered errors, the caller's (client) or the server's
 * (internal); and gives the fastify request the name for its log line (request-observer.ts).
 */
function observeOperations(
  metrics: Metrics,
  requestOf: WeakMap<EntityManager, FastifyRequest>,
): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      let errorKind: 'client' | 'internal' | null = null;
      return {
        async didEncounterErrors({ errors }) {
          for (const err of errors) {
            const original = err.originalError;
            const internal =
              original instanceof AppError
                ? original.status >= 500
                : !!original && !(original instanceof GraphQLError) && !databaseRefusal(original);
            if (internal) errorKind = 'internal';
            else errorKind ??= 'client';
          }
        },
        async willSendResponse({ operationName, request, contextValue }) {
          const given = operationName ?? request.operationName;
          const name = given && operationNamePattern.test(given) ? given : null;
          const label = operationLabel(name);
          metrics.graphqlOperations.labels(label).inc();
          metrics.graphqlDuration.labels(label).observe((performance.now() - started) / 1000);
          if (errorKind) metrics.graphqlErrors.labels(label, errorKind).inc();
          const fastifyRequest = requestOf.get(contextValue.em);
          if (fastifyRequest) fastifyRequest.graphqlOperation = name ?? 'anonymous';
        },
      };
    },
  };
}

/**
 * No answer is cached: every field is per person and per moment. This takes the place of Apollo's
 * cache-control plugin, which gave every answer the same header but, to read cache hints nobody
 * declares, wrapped every field's resolver (a tenth of the server's time on a large list).
 */
const noStore: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

export async function registerGraphQL(
  app: FastifyInstance,
  opts: GraphQLOptions,
): Promise<ApolloServer<GraphQLContext>> {
  const armor = new ApolloArmor({
    maxDepth: { n: queryLimits.maxDepth },
    costLimit: { maxCost: queryLimits.maxCost },
    maxAliases: { n: queryLimits.maxAliases },
    maxDirectives: { n: queryLimits.maxDirectives },
    // Armor's token plugin parses the document in a plugin hook, where a syntax error (or the
    // limit) escapes as an unexpected error: HTTP 500. graphql-js counts tokens itself while
    // Apollo parses (parseOptions below), and a syntax error there is a 400.
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: opts.production },
  });
  const protection = armor.protect();
  // By the request's own EntityManager: Apollo hands plugins a copy of the context object.
  const requestOf = new WeakMap<EntityManager, FastifyRequest>();
  const apollo = new ApolloServer<GraphQLContext>({
    // The schema, its queries executed compiled (graphql/executor.ts).
    gateway: compiledExecution(opts.schema),
    introspection: !opts.production,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    validationRules: protection.validationRules,
    parseOptions: { maxTokens: queryLimits.maxTokens },
    formatError,
    plugins: [
      ...protection.plugins,
      fastifyApolloDrainPlugin(app),
      logInternalErrors,
      observeOperations(opts.metrics, requestOf),
      ApolloServerPluginCacheControlDisabled(),
      noStore,
      opts.sandbox
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true })
        : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request) => {
      requestOf.set(request.em, request);
      return {
        em: request.em,
        requestId: request.id,
        log: request.log,
        // Read by the access check of the first field that needs it (field-guard.ts).
        auth: anonymous,
        // A database out of reach fails the field that reads it: HTTP 503 (logInternalErrors).
        authenticate: () => request.authenticate(),
        authStarted: () => request.authenticated() !== undefined,
        adoptAuth: (auth: AuthState) => request.adoptAuth(auth),
        session: null,
        deps: opts.deps,
        ip: request.ip,
        forms: { gate: opts.deps.forms, botToken: botTokenOf(request) },
        userAgent: request.headers['user-agent'] ?? null,
        authorization: request.headers.authorization,
        userActive: request.headers['x-user-active'] === '1',
      };
    },
  });
  return apollo;
}
