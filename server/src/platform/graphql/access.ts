import { getDirective } from '@graphql-tools/utils';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import {
  DirectiveLocation,
  defaultFieldResolver,
  GraphQLBoolean,
  GraphQLDirective,
  type GraphQLField,
  type GraphQLInterfaceType,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  GraphQLString,
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import { Directive } from 'type-graphql';
import { assertMenuCodes } from '../auth/menu-catalogue';

// Every Query and Mutation field states who may reach it: `@public`, `@menu(code: [...])` with the
// menu codes of product-decisions sec. 2 (any one of them grants access), or `@donor` (a logged-in
// internet user of group UG-I01, who holds no back-office menu). The server refuses to start when a
// root field states none, and the statement is also written into the field's description so
// integrators read it in the schema.
//
// A field below the root (e.g. Donor.taxId) may state `@menu` too: it is then readable only by
// holders of one of its codes, on top of the root field's. The root field checks every such field
// its operation selects, fragments followed, before its resolver runs: the whole root field is
// refused (FORBIDDEN, audited once) rather than answered without the field. A field below the root
// without `@menu` is readable by whoever may reach the object it belongs to.

export const publicDirective = new GraphQLDirective({
  name: 'public',
  description:
    'The field is reachable without logging in. form: a public form write, which passes the bot check (token in the x-bot-check-token header) and a per-address limit.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { form: { type: GraphQLBoolean } },
});

export const menuDirective = new GraphQLDirective({
  name: 'menu',
  description: 'The field requires a user whose group is granted one of these menu codes.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { code: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) } },
});

export const donorDirective = new GraphQLDirective({
  name: 'donor',
  description:
    'The field requires a logged-in donor (internet user, group UG-I01); it answers only about that donor, and staff are refused.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
});

export const accessDirectives = [publicDirective, menuDirective, donorDirective];

/** Marks a root field as reachable without logging in. */
export const Public = (): MethodDecorator & PropertyDecorator => Directive('@public');

/**
 * Marks a root field as a public form's write: reachable without logging in, after the bot check and
 * within the per-address write limit (platform/public-forms).
 */
export const PublicForm = (): MethodDecorator & PropertyDecorator => Directive('@public(form: true)');

/** Marks a root field as a donor's own (UG-I01, logged in): it reads and writes only that donor's data. */
export const Donor = (): MethodDecorator & PropertyDecorator => Directive('@donor');

/** Marks a root field as requiring one of the given menu codes. */
export function Menu(...codes: MenuCode[]): MethodDecorator & PropertyDecorator {
  assertMenuCodes(codes, '@Menu');
  return Directive(`@menu(code: [${codes.map((c) => JSON.stringify(c)).join(', ')}])`);
}

export type FieldAccess =
  | { kind: 'public'; form?: boolean }
  | { kind: 'menu'; codes: string[] }
  | { kind: 'donor' };

export interface RootFieldAccess {
  operation: 'Query' | 'Mutation' | 'Subscription';
  field: string;
  access: FieldAccess | null;
}

export function fieldAccess(
  schema: GraphQLSchema,
  field: GraphQLField<unknown, unknown>,
): FieldAccess | null {
  const menu = getDirective(schema, field, 'menu')?.[0] as { code: string[] } | undefined;
  const isPublic = getDirective(schema, field, 'public')?.[0] as { form?: boolean | null } | undefined;
  const donor = getDirective(schema, field, 'donor')?.[0];
  if ([menu, isPublic, donor].filter(Boolean).length > 1)
    throw new Error(`${field.name} declares more than one of @public, @menu and @donor`);
  if (menu) return { kind: 'menu', codes: menu.code };
  if (donor) return { kind: 'donor' };
  if (isPublic) return isPublic.form ? { kind: 'public', form: true } : { kind: 'public' };
  return null;
}

export function rootFieldAccess(schema: GraphQLSchema): RootFieldAccess[] {
  const rows: RootFieldAccess[] = [];
  for (const [operation, type] of [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
    ['Subscription', schema.getSubscriptionType()],
  ] as const) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      rows.push({ operation, field: field.name, access: fieldAccess(schema, field) });
    }
  }
  return rows.sort((a, b) => `${a.operation}.${a.field}`.localeCompare(`${b.operation}.${b.field}`));
}

export function describeAccess(access: FieldAccess): string {
  if (access.kind === 'public' && access.form)
    return 'Access: public form (no login; bot check and a per-address limit on writes).';
  if (access.kind === 'donor') return 'Access: the logged-in donor (UG-I01), for their own data only.';
  return access.kind === 'public'
    ? 'Access: public (no menu code; some calls still need a login).'
    : `Access: menu ${access.codes.join(' or ')}.`;
}

/**
 * Checks a field's declared access before its resolver runs (see platform/auth/access-guard.ts). It
 * may answer a function to run after the resolver, whether it failed or not (field-guard.ts: a
 * session the resolver's command was to read itself); its refusal is then the answer.
 */
export type AccessGuard = (
  access: FieldAccess,
  context: unknown,
  target: string,
) => Promise<void | (() => Promise<void>)>;

const rootTypes = (schema: GraphQLSchema) =>
  [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
    (t): t is NonNullable<typeof t> => Boolean(t),
  );

/** Fields below the root that state their own access (`Type.field`), sorted. */
export function nestedFieldAccess(schema: GraphQLSchema): { field: string; access: FieldAccess }[] {
  const roots = new Set(rootTypes(schema).map((t) => t.name));
  const rows: { field: string; access: FieldAccess }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (roots.has(type.name) || type.name.startsWith('__')) continue;
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const access = fieldAccess(schema, field);
      if (!access) continue;
      if (access.kind === 'public')
        throw new Error(`${type.name}.${field.name}: @public is for root fields; below the root omit it`);
      rows.push({ field: `${type.name}.${field.name}`, access });
    }
    // Selected through an interface, a field must need what it needs on the type itself.
    for (const iface of isObjectType(type) ? type.getInterfaces() : []) {
      for (const field of Object.values(iface.getFields())) {
        const own = type.getFields()[field.name];
        if (JSON.stringify(fieldAccess(schema, own)) !== JSON.stringify(fieldAccess(schema, field)))
          throw new Error(
            `${type.name}.${field.name} and ${iface.name}.${field.name} state different access`,
          );
      }
    }
  }
  return rows.sort((a, b) => a.field.localeCompare(b.field));
}

/** The type, or for an interface or union every type it may be. */
const possible = (schema: GraphQLSchema, type: GraphQLNamedType): readonly GraphQLNamedType[] =>
  isAbstractType(type) ? [type, ...schema.getPossibleTypes(type)] : [type];

/** The types from which a field with its own access can be reached (through any depth of fields). */
function typesReaching(schema: GraphQLSchema, restricted: ReadonlySet<string>): Set<string> {
  const reaching = new Set<string>();
  const withFields = Object.values(schema.getTypeMap()).filter(
    (t) => (isObjectType(t) || isInterfaceType(t)) && !t.name.startsWith('__'),
  ) as (GraphQLObjectType | GraphQLInterfaceType)[];
  for (let changed = true; changed; ) {
    changed = false;
    for (const type of withFields) {
      if (reaching.has(type.name)) continue;
      const reaches = Object.values(type.getFields()).some(
        (f) =>
          restricted.has(`${type.name}.${f.name}`) ||
          possible(schema, getNamedType(f.type)).some((m) => reaching.has(m.name)),
      );
      if (reaches) {
        reaching.add(type.name);
        changed = true;
      }
    }
  }
  return reaching;
}

/** The fields with their own access that a root field's operation selects, fragments followed. */
function selectedRestricted(
  info: GraphQLResolveInfo,
  restricted: ReadonlyMap<string, FieldAccess>,
): [string, FieldAccess][] {
  const found = new Map<string, FieldAccess>();
  const fragmentsSeen = new Set<string>();
  const visit = (type: GraphQLNamedType | null | undefined, set: SelectionSetNode | undefined) => {
    if (!type || !set) return;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (!isObjectType(type) && !isInterfaceType(type)) continue;
        const field = type.getFields()[s.name.value];
        if (!field) continue;
        const name = `${type.name}.${field.name}`;
        const access = restricted.get(name);
        if (access) found.set(name, access);
        visit(getNamedType(field.type), s.selectionSet);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        visit(s.typeCondition ? info.schema.getType(s.typeCondition.name.value) : type, s.selectionSet);
      } else if (!fragmentsSeen.has(s.name.value)) {
        fragmentsSeen.add(s.name.value);
        const fragment = info.fragments[s.name.value];
        if (fragment) visit(info.schema.getType(fragment.typeCondition.name.value), fragment.selectionSet);
      }
    }
  };
  for (const node of info.fieldNodes) visit(getNamedType(info.returnType), node.selectionSet);
  return [...found];
}

/**
 * Refuses a schema whose root fields do not all declare their access, and writes each declaration
 * into the field's description (root fields and the fields below the root that state their own).
 */
export function applyAccessDeclarations(schema: GraphQLSchema, guard?: AccessGuard): GraphQLSchema {
  const missing = rootFieldAccess(schema).filter((r) => r.access === null);
  if (missing.length > 0) {
    throw new Error(
      `Every Query and Mutation field must carry @public, @menu(code: ...) or @donor. Missing on: ${missing
        .map((m) => `${m.operation}.${m.field}`)
        .join(', ')}`,
    );
  }
  const describe = (field: GraphQLField<unknown, unknown>, access: FieldAccess) => {
    const line = describeAccess(access);
    if (!field.description?.includes(line)) {
      field.description = field.description ? `${field.description}\n\n${line}` : line;
    }
  };
  const nested = nestedFieldAccess(schema);
  const restricted = new Map(nested.map((n) => [n.field, n.access]));
  for (const { field: name, access } of nested) {
    const [typeName, fieldName] = name.split('.');
    const type = schema.getType(typeName) as GraphQLObjectType | GraphQLInterfaceType;
    assertMenuCodes((access as { codes: string[] }).codes, name);
    describe(type.getFields()[fieldName], access);
  }
  const reaching = typesReaching(schema, new Set(restricted.keys()));
  for (const type of rootTypes(schema)) {
    for (const field of Object.values(type.getFields())) {
      const access = fieldAccess(schema, field) as FieldAccess;
      if (access.kind === 'menu') assertMenuCodes(access.codes, `${type.name}.${field.name}`);
      describe(field, access);
      if (guard) {
        const resolve = field.resolve ?? defaultFieldResolver;
        const target = `${type.name}.${field.name}`;
        // Only root fields whose answer can hold a field with its own access look at the selection.
        const checksSelection = possible(schema, getNamedType(field.type)).some((m) => reaching.has(m.name));
        field.resolve = async (source, args, context, info) => {
          const after = await guard(access, context, target);
          if (checksSelection)
            for (const [name, required] of selectedRestricted(info, restricted))
              await guard(required, context, name);
          if (!after) return resolve(source, args, context, info);
          let answer: unknown;
          try {
            answer = await resolve(source, args, context, info);
          } catch (err) {
            await after();
            throw err;
          }
          await after();
          return answer;
        };
      }
    }
  }
  return schema;
}
