import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
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

// Bad values for every argument of every GraphQL root field and every property of every REST body
// (see platform/http/bad-input.test.ts). Each case keeps every other argument plausible, so one
// argument's refusal does not hide what another argument's bad value would do further down.

export interface Variant {
  label: string;
  value: unknown;
}

/** A GraphQL operation with one bad value in it. */
export interface GraphQLCase {
  field: string;
  /** Every argument plausible: the call as a well-meaning client makes it. */
  plain: boolean;
  label: string;
  query: string;
  variables: Record<string, unknown>;
}

/** What a declaration allows: the tests try exactly the limit as well as far beyond it. */
export interface Limits {
  maxLength(input: GraphQLArgument | GraphQLInputField): number | null;
}

export const longText = 'ก'.repeat(5000) + 'x'.repeat(5000);
export const oddText = `%_\\'"; drop table x; -- ก่อน ๆ ฯลฯ 😀 \t\r\n`;
const atLimitText = (n: number) => 'ข๊'.repeat(Math.ceil(n / 2)).slice(0, n);

/** Thai citizen id with a valid check digit. */
function citizenId(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return `${first12}${(11 - (sum % 11)) % 10}`;
}

let serial = 0;

/**
 * Plausible text by argument name, so that the other arguments of a case pass their checks and a
 * bad value reaches as deep as it can (usernames and e-mails are new each time: no "already taken").
 */
const plausibleText: Record<string, string | (() => string)> = {
  username: () => `robust.${++serial}`,
  email: () => `robust.${++serial}@example.com`,
  password: 'Robust-pass-2569',
  newPassword: 'Robust-pass-2570',
  currentPassword: 'Robust-pass-2569',
  citizenId: citizenId('110170020345'),
  idc: '1101',
  from_dt: '01/01/2568',
  to_dt: '31/12/2568',
  direction: 'asc',
  organisationUnitCode: 'OPS-P38-SDW',
  toUnitCode: 'OPS-P38',
  userGroupCode: 'UG-S01',
  menuCode: 'MN-001',
  menuCodes: 'MN-001',
  name: 'bank',
  statusCode: 'A',
  userStatusCode: 'A',
  user_status_code: 'A',
  request_status_code: 'A',
  firstNameTh: 'ทดสอบ',
  lastNameTh: 'ระบบ',
  text: 'บาง',
  code: 'ROBUST-1',
};

export function plausibleTextOf(name: string): string {
  const v = plausibleText[name];
  return typeof v === 'function' ? v() : (v ?? 'robust');
}

export interface PlausibleContext {
  /** An id that exists (a user), so id arguments reach the record. */
  id: string;
  /** The names of every field of every reference type, for JSONObject values. */
  jsonKeys: string[];
}

export function plausible(type: GraphQLInputType, name: string, ctx: PlausibleContext): unknown {
  if (isNonNullType(type)) return plausible(type.ofType, name, ctx);
  if (isListType(type)) return [plausible(type.ofType, name, ctx)];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined)
        value[f.name] = plausible(f.type, f.name, ctx);
    }
    return value;
  }
  switch (type.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'ID':
      return ctx.id;
    case 'JSONObject':
      return {};
    default:
      return plausibleTextOf(name);
  }
}

function scalarVariants(name: string, limit: number | null, ctx: PlausibleContext): Variant[] {
  switch (name) {
    case 'Int':
    case 'Float':
      return [
        { label: 'negative', value: -1 },
        { label: 'zero', value: 0 },
        { label: 'int-max', value: 2147483647 },
        { label: 'beyond-int', value: 2 ** 53 },
        { label: 'fraction', value: 1.5 },
        { label: 'text', value: 'abc' },
      ];
    case 'Boolean':
      return [{ label: 'text', value: 'yes' }];
    case 'ID':
      return [
        { label: 'non-numeric', value: 'abc' },
        { label: 'negative', value: '-1' },
        { label: 'zero', value: '0' },
        { label: 'fraction', value: '1.5' },
        { label: 'huge', value: '99999999999999999999' },
        { label: 'beyond-int', value: '2147483648' },
        { label: 'empty', value: '' },
        { label: 'long', value: longText },
        { label: 'object', value: { id: 1 } },
      ];
    case 'JSONObject': {
      const all = (v: unknown) => Object.fromEntries(ctx.jsonKeys.map((k) => [k, v]));
      return [
        { label: 'long-values', value: all(longText) },
        { label: 'odd-values', value: all(oddText) },
        { label: 'nul-values', value: all('a\u0000b') },
        { label: 'empty-values', value: all('') },
        { label: 'negative-values', value: all(-1) },
        { label: 'huge-values', value: all(1e308) },
        { label: 'object-values', value: all({ $ne: null }) },
        { label: 'array-values', value: all(['x']) },
        { label: 'boolean-values', value: all(true) },
        { label: 'deep', value: JSON.parse(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`) },
        { label: 'not-an-object', value: 'x' },
      ];
    }
    default:
      return [
        { label: 'long', value: longText },
        ...(limit !== null ? [{ label: `at-limit-${limit}`, value: atLimitText(limit) }] : []),
        { label: 'empty', value: '' },
        { label: 'odd', value: oddText },
        { label: 'nul', value: 'a\u0000b' },
        { label: 'number', value: 12345 },
      ];
  }
}

/** Whole values of `type`, each with one bad part (a leaf, a missing field, a null). */
export function variants(
  type: GraphQLInputType,
  input: GraphQLArgument | GraphQLInputField,
  limits: Limits,
  ctx: PlausibleContext,
): Variant[] {
  const out: Variant[] = [];
  if (isNonNullType(type)) {
    out.push({ label: 'null', value: null });
    return [...out, ...variants(type.ofType, input, limits, ctx)];
  }
  if (isListType(type)) {
    return [
      { label: 'not-a-list', value: { x: 1 } },
      { label: 'many', value: Array.from({ length: 2000 }, () => plausible(type.ofType, input.name, ctx)) },
      ...variants(type.ofType, input, limits, ctx).map((v) => ({ label: `[${v.label}]`, value: [v.value] })),
    ];
  }
  if (isEnumType(type)) return [{ label: 'unknown-enum', value: 'NO_SUCH_VALUE' }];
  if (isInputObjectType(type)) {
    const base = () => plausible(type, input.name, ctx) as Record<string, unknown>;
    out.push({ label: 'empty-object', value: {} }, { label: 'not-an-object', value: 'x' });
    for (const f of Object.values(type.getFields())) {
      for (const v of variants(f.type, f, limits, ctx)) {
        out.push({ label: `${f.name}=${v.label}`, value: { ...base(), [f.name]: v.value } });
      }
    }
    return out;
  }
  if (isScalarType(type)) return scalarVariants(type.name, limits.maxLength(input), ctx);
  return out;
}

const untextual = new Set(['Int', 'Float', 'Boolean', 'ID']);
/** Variants refused by coercion or the input limits, whatever the other arguments are. */
const refusedByLimits = new Set([
  'long',
  'nul',
  'number',
  'null',
  'not-a-list',
  'not-an-object',
  'empty-object',
]);

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  return isObjectType(named) || isAbstractType(named) ? ' { __typename }' : '';
}

/** Every root field with one bad argument per case; fields with an enum argument once per value. */
export function graphqlCases(schema: GraphQLSchema, limits: Limits, ctx: PlausibleContext): GraphQLCase[] {
  const cases: GraphQLCase[] = [];
  for (const [operation, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const enumArg = field.args.find((a) => isEnumType(getNamedType(a.type)));
      const enumType = enumArg ? getNamedType(enumArg.type) : null;
      const enumValues = isEnumType(enumType) ? enumType.getValues().map((v) => v.value) : [undefined];
      const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
      const build = (badArg: GraphQLArgument | null, bad: Variant | null, enumValue: unknown) => {
        const used = badArg && !required.includes(badArg) ? [...required, badArg] : required;
        const variables: Record<string, unknown> = {};
        for (const a of used) {
          variables[a.name] =
            a === badArg ? bad?.value : a === enumArg ? enumValue : plausible(a.type, a.name, ctx);
        }
        const defs = used.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
        const call = used.length ? `(${used.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
        const label = `${field.name}${enumArg ? `[${String(enumValue)}]` : ''}${badArg ? ` ${badArg.name}=${bad?.label}` : ''}`;
        cases.push({
          field: field.name,
          plain: badArg === null,
          label,
          query: `${operation}${defs ? ` (${defs})` : ''} { ${field.name}${call}${selectionOf(field)} }`,
          variables,
        });
      };
      // Text the limits let through reaches type-specific code (searched fields, declared values),
      // so it is tried with every value of the enum (each reference type); values refused before
      // any resolver runs, numbers and ids are tried with the first value only.
      const textual = (a: GraphQLArgument) => {
        const named = getNamedType(a.type);
        return isInputObjectType(named) || (isScalarType(named) && !untextual.has(named.name));
      };
      const reachesResolver = (v: Variant) => !refusedByLimits.has(v.label.split('=').pop() ?? '');
      for (const enumValue of enumValues) {
        const first = enumValue === enumValues[0];
        build(null, null, enumValue);
        for (const arg of field.args) {
          if (!first && (arg === enumArg || !textual(arg))) continue;
          for (const v of variants(arg.type, arg, limits, ctx)) {
            if (first || reachesResolver(v)) build(arg, v, enumValue);
          }
        }
      }
    }
  }
  return cases;
}

/** One raw HTTP request with something wrong in it. */
export interface RawCase {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  contentType?: string;
  payload?: string;
}

interface JsonProp {
  type?: string | string[];
  maxLength?: number;
  items?: JsonProp;
}

const deepJson = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;

/** Bodies that are not a JSON object at all; for every route that reads a body, and for /graphql. */
export function malformedBodies(url: string): RawCase[] {
  const post = (label: string, payload: string, contentType = 'application/json'): RawCase => ({
    label,
    method: 'POST',
    url,
    contentType,
    payload,
  });
  return [
    post('malformed-json', '{"a": '),
    post('empty-json', ''),
    post('json-array', '[]'),
    post('json-string', '"text"'),
    post('json-null', 'null'),
    post('json-number', '123'),
    post('deep-json', deepJson),
    post('huge-json', JSON.stringify({ x: 'x'.repeat(1_100_000) })),
    post('text-plain', 'hello', 'text/plain'),
    post('form', 'a=b', 'application/x-www-form-urlencoded'),
    post('bad-charset', '{}', 'application/json; charset=latin-9'),
  ];
}

function jsonVariants(prop: JsonProp, name: string): Variant[] {
  const types = [prop.type ?? 'string'].flat();
  const out: Variant[] = [
    { label: 'null', value: null },
    { label: 'object', value: { $ne: null } },
  ];
  if (types.includes('string')) {
    const n = prop.maxLength;
    out.push(
      { label: 'long', value: longText },
      ...(n !== undefined ? [{ label: `at-limit-${n}`, value: atLimitText(n) }] : []),
      { label: 'empty', value: '' },
      { label: 'odd', value: oddText },
      { label: 'nul', value: 'a\u0000b' },
      { label: 'number', value: 12345 },
      { label: 'array', value: ['x'] },
    );
  }
  if (types.includes('integer') || types.includes('number')) {
    out.push(
      { label: 'negative', value: -1 },
      { label: 'zero', value: 0 },
      { label: 'huge', value: 2 ** 53 },
      { label: 'beyond-double', value: 1e300 },
      { label: 'fraction', value: 1.5 },
      { label: 'text', value: 'abc' },
      { label: 'numeric-text', value: '7' },
    );
  }
  if (types.includes('array')) {
    out.push(
      { label: 'not-a-list', value: 'x' },
      { label: '[long]', value: [longText] },
      { label: '[object]', value: [{}] },
      { label: 'many', value: Array.from({ length: 2000 }, () => plausibleTextOf(name)) },
    );
  }
  return out;
}

const genericProperties = new Set(['menuCode', 'menuName', 'undeclared']);
const refusedEverywhere = new Set(['long', 'nul', 'object', 'array']);

/** Every property of a route's JSON body (and one it does not declare) with bad values. */
export function restBodyCases(method: RawCase['method'], url: string, body: unknown): RawCase[] {
  const schema = (body ?? {}) as { properties?: Record<string, JsonProp>; required?: string[] };
  const props: Record<string, JsonProp> = { ...(schema.properties ?? {}), undeclared: { type: 'string' } };
  const base = () => {
    const body: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      const type = [props[key]?.type ?? 'string'].flat()[0];
      body[key] = type === 'integer' || type === 'number' ? 1 : type === 'array' ? [] : plausibleTextOf(key);
    }
    return body;
  };
  const cases: RawCase[] = [
    { label: 'plausible', method, url, contentType: 'application/json', payload: JSON.stringify(base()) },
  ];
  for (const [key, prop] of Object.entries(props)) {
    // Properties every body may carry (menuCode, menuName, any other) are read by no handler: only
    // the values the schema must refuse are tried, not those it lets through to the handler.
    const generic = genericProperties.has(key);
    for (const v of jsonVariants(prop, key).filter((x) => !generic || refusedEverywhere.has(x.label))) {
      cases.push({
        label: `${key}=${v.label}`,
        method,
        url,
        contentType: 'application/json',
        payload: JSON.stringify({ ...base(), [key]: v.value }),
      });
    }
  }
  return [...cases, ...malformedBodies(url).map((c) => ({ ...c, method }))];
}
