import {
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { demoAccounts } from '../kits/core/demo-accounts';
import { pickCodesOf } from '../kits/reference/reference-picks';
import { referenceTypes } from '../kits/reference/reference-types';
import { describeAccess, nestedFieldAccess, rootFieldAccess } from '../platform/graphql/access';
import { buildAppSchema } from '../platform/graphql/schema';
import { describeRestRoutes, type RestRoute, restPrefix } from '../platform/http/rest';
import { resolvers, restRoutes, serviceAccessLines } from '../registry';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// Every GraphQL root field and every REST route, called as anonymous, as a donor and as each seeded
// group: access must equal the grants. Public fields never answer FORBIDDEN; menu fields answer
// UNAUTHENTICATED (anonymous) or FORBIDDEN exactly when the caller's group lacks every listed code;
// donor fields answer UNAUTHENTICATED (anonymous) or FORBIDDEN to everyone but the donor (UG-I01).

const DONOR_GROUP = 'UG-I01';
let t: TestApp;
let schema: GraphQLSchema;
const roles: { name: string; username: string | null; menus: Set<string> }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  schema = await buildAppSchema(resolvers);
  roles.push({ name: 'anonymous', username: null, menus: new Set() });
  for (const a of demoAccounts) {
    roles.push({
      name: a.groupCode,
      username: a.username,
      menus: await new UserGroupService(t.em()).activeMenuCodes(a.groupCode),
    });
  }
});
afterAll(() => t.close());

function dummy(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummy(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined)
        value[field.name] = dummy(field.type);
    }
    return value;
  }
  if (isScalarType(type)) return { Int: 1, Float: 1, Boolean: false, ID: '999999' }[type.name] ?? 'x';
  return null;
}

function operationFor(operation: 'Query' | 'Mutation', name: string) {
  const root = operation === 'Query' ? schema.getQueryType() : schema.getMutationType();
  const field = root?.getFields()[name];
  if (!field) throw new Error(name);
  const args = field.args.filter(
    (a: GraphQLArgument) => isNonNullType(a.type) && a.defaultValue === undefined,
  );
  const vars = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const named = getNamedType(field.type);
  const selection = isObjectType(named) || isAbstractType(named) ? ' { __typename }' : '';
  const query = `${operation === 'Query' ? 'query' : 'mutation'}${vars ? ` (${vars})` : ''} { ${name}${call}${selection} }`;
  return { query, variables: Object.fromEntries(args.map((a) => [a.name, dummy(a.type)])) };
}

function restBody(route: RestRoute): Record<string, unknown> | undefined {
  if (route.method === 'GET') return undefined;
  const body = (route.schema?.body ?? {}) as {
    properties?: Record<string, { type: string | string[] }>;
    required?: string[];
  };
  const out: Record<string, unknown> = {};
  for (const key of body.required ?? []) {
    const type = [body.properties?.[key]?.type].flat()[0];
    out[key] = type === 'integer' || type === 'number' ? 1 : type === 'array' ? [] : 'x';
  }
  return out;
}

/** The kit's fields take a reference type: the service checks that type's own codes (tested per type). */
const kitFields = new Set([
  'referenceItems',
  'referenceItem',
  'referenceOptions',
  'saveReferenceItem',
  'setReferenceItemStatus',
  'deleteReferenceItem',
  'referenceImportTemplate',
  'previewReferenceImport',
  'commitReferenceImport',
]);

describe('permission matrix', () => {
  it('lets each caller reach exactly the GraphQL root fields and REST routes its grants allow', async () => {
    let cases = 0;
    const mismatches: string[] = [];
    for (const role of roles) {
      for (const row of rootFieldAccess(schema)) {
        if (row.operation === 'Subscription' || !row.access) continue;
        if (kitFields.has(row.field)) continue; // per type, below
        const token = role.username ? await sessionToken(t, role.username) : null;
        const { query, variables } = operationFor(row.operation, row.field);
        const res = await t.graphql(query, variables, token ? bearer(token) : {});
        const code = res.body.errors?.[0]?.extensions?.code as string | undefined;
        // A data-scope refusal (the dummy id is another unit's) is not a menu refusal.
        const scope =
          (res.body.errors?.[0]?.extensions?.details as { reason?: string } | undefined)?.reason === 'SCOPE';
        const denied =
          (code === 'FORBIDDEN' && !scope) || (row.access.kind !== 'public' && code === 'UNAUTHENTICATED');
        const expectDenied =
          row.access.kind === 'menu'
            ? !row.access.codes.some((c) => role.menus.has(c))
            : row.access.kind === 'donor' && role.name !== DONOR_GROUP;
        cases++;
        if (denied !== expectDenied || res.status >= 500)
          mismatches.push(`${role.name} ${row.operation}.${row.field}: ${code ?? res.status}`);
      }
      for (const route of restRoutes(t.deps)) {
        const token = role.username ? await sessionToken(t, role.username) : null;
        const payload = restBody(route);
        const res = await t.app.inject({
          method: route.method,
          // A path parameter gets a valid id that names nothing: access is decided before the lookup.
          url: `${restPrefix}${route.url.replace(/:\w+/g, '999999')}`,
          headers: {
            ...(token ? bearer(token) : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
          payload: payload ? JSON.stringify(payload) : undefined,
        });
        const denied = res.statusCode === 403 || (!('public' in route.access) && res.statusCode === 401);
        const expectDenied =
          'menu' in route.access
            ? !route.access.menu.some((c) => role.menus.has(c))
            : 'donor' in route.access && role.name !== DONOR_GROUP;
        cases++;
        if (denied !== expectDenied || res.statusCode >= 500)
          mismatches.push(`${role.name} ${route.method} ${route.url}: ${res.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(cases).toBeGreaterThan(400);
    console.info(`permission matrix: ${cases} cases over ${roles.length} callers`);
  }, 420_000); // 102 typed document root fields more (docs/typed-documents.md)

  it('lets each caller use exactly the reference types its grants allow, operation by operation', async () => {
    const kitOps = (type: string) => [
      { field: 'referenceItems', kind: 'view', query: `{ referenceItems(type: ${type}) { total } }` },
      { field: 'referenceItem', kind: 'view', query: `{ referenceItem(type: ${type}, id: 999999) { id } }` },
      { field: 'referenceOptions', kind: 'any', query: `{ referenceOptions(type: ${type}) { id } }` },
      {
        field: 'saveReferenceItem',
        kind: 'create',
        query: `mutation { saveReferenceItem(type: ${type}, input: { code: "", values: {} }) { id } }`,
      },
      {
        field: 'saveReferenceItem',
        kind: 'edit',
        query: `mutation { saveReferenceItem(type: ${type}, input: { id: 999999, code: "X" }) { id } }`,
      },
      {
        field: 'setReferenceItemStatus',
        kind: 'edit',
        query: `mutation { setReferenceItemStatus(type: ${type}, id: 999999, statusCode: "I") { id } }`,
      },
      {
        field: 'deleteReferenceItem',
        kind: 'edit',
        query: `mutation { deleteReferenceItem(type: ${type}, id: 999999) }`,
      },
      // An import creates and updates: it needs a create and an edit code of the type.
      {
        field: 'referenceImportTemplate',
        kind: 'import',
        query: `{ referenceImportTemplate(type: ${type}) { content } }`,
      },
      {
        field: 'previewReferenceImport',
        kind: 'import',
        query: `mutation { previewReferenceImport(type: ${type}, file: "", fileName: "x.csv") { total } }`,
      },
      {
        field: 'commitReferenceImport',
        kind: 'import',
        query: `mutation { commitReferenceImport(type: ${type}, file: "", fileName: "x.csv") { total } }`,
      },
    ];
    const allKitCodes = referenceTypes.flatMap((rt) => [
      ...rt.menus.view,
      ...rt.menus.create,
      ...rt.menus.edit,
    ]);
    let cases = 0;
    const mismatches: string[] = [];
    for (const role of roles) {
      const headers = role.username ? bearer(await sessionToken(t, role.username)) : {};
      for (const type of referenceTypes) {
        for (const op of kitOps(type.type)) {
          const holds = (kind: 'view' | 'create' | 'edit') => type.menus[kind].some((c) => role.menus.has(c));
          const allowed =
            op.kind === 'any'
              ? pickCodesOf(type).some((c) => role.menus.has(c))
              : op.kind === 'import'
                ? holds('create') && holds('edit')
                : holds(op.kind as 'view' | 'create' | 'edit');
          const res = await t.graphql(op.query, {}, headers);
          const code = res.body.errors?.[0]?.extensions?.code as string | undefined;
          const denied = code === 'FORBIDDEN' || code === 'UNAUTHENTICATED';
          const expectDenied = !allowed;
          cases++;
          if (denied !== expectDenied || res.status >= 500)
            mismatches.push(`${role.name} ${type.type} ${op.field} (${op.kind}): ${code ?? res.status}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(cases).toBe(roles.length * referenceTypes.length * 10);
    // What that rule means for the seeded groups: approvers (no basic-data menu) pick storages for
    // their stock and report screens but no donor; officers, who record donations, pick donors; the
    // organisation's administrator (its storages and accounts) picks storages, not donors.
    const picks = (group: string, type: string) =>
      pickCodesOf(referenceTypes.find((rt) => rt.type === type) as (typeof referenceTypes)[number]).some(
        (c) => roles.find((r) => r.name === group)?.menus.has(c),
      );
    expect(allKitCodes.some((c) => roles.find((r) => r.name === 'UG-S02')?.menus.has(c))).toBe(false);
    expect([picks('UG-S02', 'STORAGE'), picks('UG-S02', 'DONATOR')]).toEqual([true, false]);
    expect([picks('UG-S01', 'STORAGE'), picks('UG-S01', 'DONATOR')]).toEqual([true, true]);
    expect([picks('UG-A02', 'STORAGE'), picks('UG-A02', 'DONATOR')]).toEqual([true, false]);
    console.info(`reference-type permission matrix: ${cases} cases`);
  }, 180_000);

  it('lists every root field and REST route with who may reach it (review this file when it changes)', async () => {
    const lines = [
      ...rootFieldAccess(schema).map(
        (r) => `${r.operation}.${r.field}: ${r.access ? describeAccess(r.access) : 'UNDECLARED'}`,
      ),
      // Fields below the root that need more than the root field that reaches them.
      ...nestedFieldAccess(schema).map((n) => `${n.field}: ${describeAccess(n.access)}`),
      ...describeRestRoutes(restRoutes(t.deps)),
      ...serviceAccessLines(),
    ];
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/access-declarations.txt');
  });
});
