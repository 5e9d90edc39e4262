import { getDirective } from '@graphql-tools/utils';
import {
  DirectiveLocation,
  defaultFieldResolver,
  GraphQLBoolean,
  GraphQLDirective,
  type GraphQLField,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLSchema,
  GraphQLString,
} from 'graphql';
import { Directive } from 'type-graphql';
import { assertMenuCodes } from '../auth/menu-catalogue';

// Every Query and Mutation field states who may reach it: `@public`, `@menu(code: [...])` with the
// menu codes of product-decisions sec. 2 (any one of them grants access), or `@donor` (a logged-in
// internet user of group UG-I01, who holds no back-office menu). The server refuses to start when a
// root field states none, and the statement is also written into the field's description so
// integrators read it in the schema.

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
export function Menu(...codes: string[]): MethodDecorator & PropertyDecorator {
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

/** Checks a field's declared access before its resolver runs (see platform/auth/access-guard.ts). */
export type AccessGuard = (access: FieldAccess, context: unknown, target: string) => Promise<void>;

/**
 * Refuses a schema whose root fields do not all declare their access, and writes each declaration
 * into the field's description.
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
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const access = fieldAccess(schema, field) as FieldAccess;
      if (access.kind === 'menu') assertMenuCodes(access.codes, `${type.name}.${field.name}`);
      const line = describeAccess(access);
      if (!field.description?.includes(line)) {
        field.description = field.description ? `${field.description}\n\n${line}` : line;
      }
      if (guard) {
        const resolve = field.resolve ?? defaultFieldResolver;
        const target = `${type.name}.${field.name}`;
        field.resolve = async (source, args, context, info) => {
          await guard(access, context, target);
          return resolve(source, args, context, info);
        };
      }
    }
  }
  return schema;
}
