import { Utils } from '@mikro-orm/core';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import { assertMenuCodes } from '../auth/menu-catalogue';
import { findNul, leafName, nulCharacter } from '../validation/input-errors';

/**
 * Who may call a REST route: anyone (`form`: a public form's write, after the bot check and within
 * the per-address limit), a user granted one of the menu codes, or the logged-in donor (UG-I01).
 */
export type RouteAccess = { public: true; form?: true } | { menu: readonly MenuCode[] } | { donor: true };

export interface RestRoute {
  method: HTTPMethods;
  /** Path below /api, as in specification sec. 7, e.g. `/common/ministry-tree`. */
  url: string;
  access: RouteAccess;
  /** JSON schema of body, query and params; bad input is refused with 400 before the handler. */
  schema?: FastifySchema;
  /**
   * A multipart upload: its body is a file stream the handler reads within its own byte limits, so
   * it carries no JSON body schema (its params and querystring still must be bounded).
   */
  multipart?: true;
  /**
   * The answer carries a token or what one was exchanged for (login, refresh, one-time tokens):
   * `Cache-Control: no-store` on every answer of the route, refusals included, so no browser or proxy
   * keeps it.
   */
  noStore?: true;
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
 * Whether an Accept-Encoding header accepts gzip (by name or `*`, with a weight above 0). A route
 * that keeps its answer gzipped (the province tree) sends it as it is; the server's compression would
 * have chosen gzip too (server.ts: gzip before deflate).
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

interface JsonSchemaNode {
  type?: string | string[];
  maxLength?: number;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  additionalProperties?: boolean | JsonSchemaNode;
}

/** Where a schema lets text of any length, or unnamed properties of any kind, through. */
export function unboundedInput(node: JsonSchemaNode | undefined, path: string): string[] {
  if (!node) return [];
  const types = [node.type ?? []].flat();
  const found: string[] = [];
  if (types.includes('string') && node.maxLength === undefined) found.push(`${path}: text without maxLength`);
  if (
    types.includes('object') &&
    typeof node.additionalProperties !== 'object' &&
    node.additionalProperties !== false
  )
    found.push(`${path}: other properties of any kind`);
  for (const [key, child] of Object.entries(node.properties ?? {}))
    found.push(...unboundedInput(child, `${path}.${key}`));
  if (node.items) found.push(...unboundedInput(node.items, `${path}[]`));
  if (typeof node.additionalProperties === 'object')
    found.push(...unboundedInput(node.additionalProperties, `${path}.*`));
  return found;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Registers the REST compatibility routes. A route cannot be registered without a declared access
 * (the same rule as the GraphQL @public / @menu directives), nor a body-taking route without a JSON
 * schema that bounds every text (maxLength) and every property. Text holding NUL (which PostgreSQL
 * cannot store) is refused before validation, for every route.
 */
export function registerRestRoutes(app: FastifyInstance, routes: readonly RestRoute[]): void {
  for (const route of routes) {
    const name = `REST route ${route.method} ${route.url}`;
    if (!route.access) throw new Error(`${name} declares no access`);
    if ('menu' in route.access) assertMenuCodes(route.access.menu, name);
    const schema = (route.schema ?? {}) as Record<
      'body' | 'querystring' | 'params',
      JsonSchemaNode | undefined
    >;
    if (bodyMethods.has(String(route.method)) && !schema.body && !route.multipart)
      throw new Error(`${name} declares no body schema`);
    const unbounded = (['body', 'querystring', 'params'] as const).flatMap((part) =>
      unboundedInput(schema[part], part),
    );
    if (unbounded.length) throw new Error(`${name} takes unbounded input: ${unbounded.join('; ')}`);
    app.route({
      method: route.method,
      url: `${restPrefix}${route.url}`,
      schema: route.schema,
      config: { access: route.access },
      ...(route.noStore
        ? {
            onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
              reply.header('cache-control', 'no-store');
            },
          }
        : {}),
      preValidation: async (request) => {
        for (const [part, value] of [
          ['body', request.body],
          ['querystring', request.query],
          ['params', request.params],
        ] as const) {
          const where = findNul(value, '');
          if (where !== null) throw nulCharacter(leafName(where) || part, where || part);
        }
      },
      async handler(request, reply) {
        const result = await route.handler(request, reply);
        if (result !== reply) assertMapped(result, `${route.method} ${restPrefix}${route.url}`);
        return result;
      },
    });
  }
}

/**
 * A REST answer is mapped explicitly to its contract: an entity serialised as it is would carry
 * whatever the table holds (hashes, lockout times, internal links). Refused as a programming error.
 */
function assertMapped(value: unknown, where: string, depth = 0): void {
  if (value === null || typeof value !== 'object' || value instanceof Date || depth > 12) return;
  if (Utils.isEntity(value, true)) {
    throw new Error(`${where} returned an entity (${value.constructor.name}); map it to its contract`);
  }
  for (const item of Array.isArray(value) ? value : Object.values(value))
    assertMapped(item, where, depth + 1);
}

/** MN codes with runs of four or more written as ranges: MN-001 or MN-008..MN-148. */
function menuList(codes: readonly string[]): string {
  const numbers = [...codes].map((c) => Number(c.slice(3))).sort((a, b) => a - b);
  const code = (n: number) => `MN-${String(n).padStart(3, '0')}`;
  const parts: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    if (j - i >= 3) parts.push(`${code(numbers[i])}..${code(numbers[j])}`);
    else for (let k = i; k <= j; k++) parts.push(code(numbers[k]));
    i = j + 1;
  }
  return parts.join(' or ');
}

/** Every /api route with its access, for the permission snapshot. */
export function describeRestRoutes(routes: readonly RestRoute[]): string[] {
  return routes
    .map((r) => {
      const access =
        'public' in r.access
          ? r.access.form
            ? 'public form'
            : 'public'
          : 'donor' in r.access
            ? 'donor (own data)'
            : `menu ${menuList(r.access.menu)}`;
      return `${r.method} ${restPrefix}${r.url}: ${access}`;
    })
    .sort();
}
