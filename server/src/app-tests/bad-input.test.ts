import type { GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../kits/core/demo-accounts';
import { User } from '../kits/core/user.entity';
import { referenceTypes } from '../kits/reference/reference-types';
import { inputLimit } from '../platform/graphql/input-limits';
import { buildAppSchema } from '../platform/graphql/schema';
import { restPrefix } from '../platform/http/rest';
import { resolvers, restRoutes } from '../registry';
import { bearer, sessionToken } from '../testing/auth-helpers';
import {
  graphqlCases,
  type Limits,
  malformedBodies,
  type PlausibleContext,
  type RawCase,
  restBodyCases,
} from '../testing/bad-values';
import { startTestApp, type TestApp } from '../testing/test-app';

// Bad input is never a server error. Every argument of every GraphQL root field (input fields at
// any depth included) and every property of every REST body gets over-long, at-the-limit, empty,
// odd (quotes, LIKE wildcards, Thai, emoji, NUL), negative, huge and wrongly typed values, and
// every route gets bodies that are not JSON objects. No answer may be an HTTP 5xx, a GraphQL error
// with code INTERNAL, or a refusal that only the database made (a limit above it is missing); every
// refusal carries its message in Thai and English.
//
// Callers: a system administrator (UG-A01 holds every menu, so every resolver and handler really
// runs) gets every case. Anonymous callers get the plain case of each field and route and every
// malformed request: the layers bad values meet before a resolver or handler (parsing, coercion,
// input limits, JSON schema) are the same for any caller, and @menu fields refuse anonymous callers
// before their resolvers run.
//
// Order: the calls that end the administrator's session (logout, changePassword, the REST logout
// and change-password) run last, one by one; each test starts with a fresh session.

let t: TestApp;
let schema: GraphQLSchema;
let ctx: PlausibleContext;
let limits: Limits;
let adminUsername: string;

const endsSession = new Set(['logout', 'changePassword', '/auth/logout', '/user/change-password']);
/** Requests in flight at once: the database works while Node prepares the next request. */
const concurrency = 4;

beforeAll(async () => {
  t = await startTestApp();
  schema = await buildAppSchema(resolvers);
  limits = { maxLength: (def) => inputLimit(schema, def).maxLength };
  const admin = demoAccounts.find((a) => a.groupCode === 'UG-A01');
  if (!admin) throw new Error('no demo administrator');
  adminUsername = admin.username;
  const officer = await t.em().findOneOrFail(User, { username: 'officer.demo' });
  ctx = {
    id: String(officer.id),
    jsonKeys: [...new Set(referenceTypes.flatMap((rt) => rt.fields.map((f) => f.name)))],
  };
});
afterAll(() => t.close());

interface Outcome {
  status: number;
  body: unknown;
}

interface ErrorShape {
  code?: string;
  messageTh?: string;
  messageEn?: string;
  details?: { database?: string };
}

/** What is wrong with an answer to bad input, or null when it is a proper refusal (or a success). */
function problem({ status, body }: Outcome): string | null {
  if (status >= 500) return `HTTP ${status}`;
  const b = (body ?? {}) as ErrorShape & { errors?: { extensions?: ErrorShape }[] };
  const errors = (b.errors ?? []).map((e) => e.extensions ?? {});
  if (!b.errors && status >= 400) errors.push(b);
  for (const e of errors) {
    if (e.code === 'INTERNAL') return 'INTERNAL';
    // A refusal by the database itself (platform/db/db-errors.ts) means a limit above it is missing.
    if (e.details?.database) return `refused only by the database (SQLSTATE ${e.details.database})`;
    if (!e.code || !e.messageTh || !e.messageEn)
      return `${e.code ?? `HTTP ${status}`}: not in Thai and English`;
  }
  return null;
}

async function send(c: RawCase, headers: Record<string, string>): Promise<Outcome> {
  const res = await t.app.inject({
    method: c.method,
    url: c.url,
    headers: { ...headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
    payload: c.payload,
  });
  let body: unknown = null;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body };
}

/** Anonymous, and the administrator with a fresh session (the previous test logged out last). */
async function callers() {
  return [
    { name: 'anonymous', headers: {} as Record<string, string>, every: false },
    { name: 'admin', headers: bearer(await sessionToken(t, adminUsername)), every: true },
  ];
}

/** Runs cases `concurrency` at a time; those that end the session one by one after the others. */
async function runAll<C>(
  cases: C[],
  last: (c: C) => boolean,
  run: (c: C) => Promise<string | null>,
): Promise<string[]> {
  const failures: string[] = [];
  const queue = cases.filter((c) => !last(c));
  const worker = async () => {
    for (let c = queue.shift(); c !== undefined; c = queue.shift()) {
      const failure = await run(c);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  for (const c of cases.filter(last)) {
    const failure = await run(c);
    if (failure) failures.push(failure);
  }
  return failures.sort();
}

describe('bad input is never a server error', () => {
  it('answers bad arguments of every GraphQL root field with a refusal, never INTERNAL', async () => {
    const started = Date.now();
    const cases = graphqlCases(schema, limits, ctx);
    const all = (await callers()).flatMap((caller) =>
      cases.filter((c) => caller.every || c.plain).map((c) => ({ caller, c })),
    );
    const failures = await runAll(
      all,
      ({ c }) => endsSession.has(c.field),
      async ({ caller, c }) => {
        const p = problem(await t.graphql(c.query, c.variables, caller.headers));
        return p ? `${caller.name} ${c.label}: ${p}` : null;
      },
    );
    console.info(`GraphQL bad input: ${all.length} calls in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
    const roots = [schema.getQueryType(), schema.getMutationType()].flatMap((r) =>
      Object.keys(r?.getFields() ?? {}),
    );
    expect([...new Set(cases.map((c) => c.field))].sort()).toEqual(roots.sort());
  }, 120_000);

  it('answers malformed GraphQL requests with 4xx', async () => {
    const post = (label: string, body: unknown): RawCase => ({
      label,
      method: 'POST',
      url: '/graphql',
      contentType: 'application/json',
      payload: JSON.stringify(body),
    });
    const cases: RawCase[] = [
      ...malformedBodies('/graphql'),
      post('syntax-error', { query: '{ me {' }),
      post('empty-query', { query: '' }),
      post('no-query', {}),
      post('query-not-text', { query: 1 }),
      post('variables-not-object', { query: '{ me { userId } }', variables: 'x' }),
      post('unknown-operation', { query: 'query A { me { userId } }', operationName: 'B' }),
      post('unknown-field', { query: '{ noSuchField }' }),
      post('too-many-tokens', { query: `{ ${'me { userId } '.repeat(1500)} }` }),
      post('nul-in-document', { query: '{ me\u0000 { userId } }' }),
      post('long-string-literal', { query: `{ commonList(name: "${'x'.repeat(100_000)}") { code } }` }),
      { label: 'get-mutation', method: 'GET', url: '/graphql?query=mutation%7Blogout%7D' },
    ];
    const failures: string[] = [];
    for (const caller of await callers()) {
      for (const c of cases) {
        const res = await send(c, { ...caller.headers, 'apollo-require-preflight': 'true' });
        const refused = res.status >= 400 || (res.body as { errors?: unknown[] } | null)?.errors?.length;
        const p = refused ? problem(res) : `HTTP ${res.status} without an error`;
        if (p) failures.push(`${caller.name} ${c.label}: ${p}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers bad bodies of every REST route with a 4xx in the error body shape, never a 5xx', async () => {
    const started = Date.now();
    const routes = restRoutes(t.deps);
    const cases = routes.flatMap((r) => {
      const url = `${restPrefix}${r.url}`;
      if (r.method === 'GET') {
        const plain: RawCase = { label: 'plain', method: 'GET', url };
        const long: RawCase = { label: 'long-query', method: 'GET', url: `${url}?q=${'x'.repeat(10_000)}` };
        return [plain, long].map((c) => ({ route: r.url, plain: true, c }));
      }
      const body = (r.schema as { body?: unknown } | undefined)?.body;
      return restBodyCases(r.method as RawCase['method'], url, body).map((c) => ({
        route: r.url,
        plain: !c.label.includes('='),
        c,
      }));
    });
    const all = (await callers()).flatMap((caller) =>
      cases.filter((x) => caller.every || x.plain).map((x) => ({ caller, ...x })),
    );
    const failures = await runAll(
      all,
      (x) => endsSession.has(x.route),
      async ({ caller, route, c }) => {
        const p = problem(await send(c, caller.headers));
        return p ? `${caller.name} ${c.method} ${route} ${c.label}: ${p}` : null;
      },
    );
    console.info(
      `REST bad input: ${all.length} calls over ${routes.length} routes in ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
