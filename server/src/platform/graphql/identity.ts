import { getDirective } from '@graphql-tools/utils';
import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLString,
  isObjectType,
} from 'graphql';
import { Directive } from 'type-graphql';

// What names one record of an object type across the API (docs/decisions.md, "One identity per
// record"). A client cache (Apollo's InMemoryCache, the client's platform/apollo.ts) keys an object by
// its type name and id unless told otherwise, so two records of different kinds (tables) that share
// a GraphQL type and a number would become one entry, and a screen would show the one for the other.
// Every object type with an `id` field therefore states its identity in the schema, where
// integrators read it too:
//
// - `@identity(by: ["id"])`: every id of the type is one table's (one kind of record);
// - `@identity(by: ["documentType", "id"])`: records of several kinds share the type and their
//   numbers; the kind field comes first and, with id, names one record (the client's type policy
//   has these keyFields, a test checks they agree);
// - `@identity(by: [])`: the ids are numbered within what the type is read through (a document's
//   lines, a reference type's items) and the type has no kind field: a cache keeps it inside its
//   parent, never on its own.
//
// The schema is refused when an object type with an id states none, or names a field it lacks.

export const identityDirective = new GraphQLDirective({
  name: 'identity',
  description:
    'The fields that together name one record of this type across the API (and in a client cache). ["id"]: every id is of one kind of record. A kind field then "id": records of several kinds share the type and their numbers. []: the id counts only within the object it is read through; keep it inside that object.',
  locations: [DirectiveLocation.OBJECT],
  args: { by: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) } },
});

export const identityDirectives = [identityDirective];

/**
 * Declares the fields that name one record of an object type: `Identity('id')` (one kind of record),
 * `Identity('documentType', 'id')` (several kinds sharing numbers: the kind field first), or
 * `Identity()` (no identity of its own: numbered within its parent).
 */
export function Identity(...by: string[]): ClassDecorator {
  if (by.length > 0 && !by.includes('id')) throw new Error(`@Identity(${by.join(', ')}) must include id`);
  if (new Set(by).size !== by.length) throw new Error(`@Identity(${by.join(', ')}) names a field twice`);
  return Directive(`@identity(by: [${by.map((f) => JSON.stringify(f)).join(', ')}])`) as ClassDecorator;
}

/** An object type's declared identity, or null when it states none. */
export function identityOf(schema: GraphQLSchema, type: GraphQLObjectType): string[] | null {
  const found = getDirective(schema, type, identityDirective.name)?.[0] as { by: string[] } | undefined;
  return found ? found.by : null;
}

/** Object types (not the root types) with an `id` field, each with its declared identity. */
export function objectIdentities(schema: GraphQLSchema): { type: string; by: string[] | null }[] {
  const roots = new Set(
    [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((t) => t?.name),
  );
  return Object.values(schema.getTypeMap())
    .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__') && !roots.has(t.name))
    .filter((t) => 'id' in t.getFields() || identityOf(schema, t) !== null)
    .map((t) => ({ type: t.name, by: identityOf(schema, t) }))
    .sort((a, b) => a.type.localeCompare(b.type));
}

/** Refuses a schema in which an object type with an id states no identity, or names a field it lacks. */
export function assertIdentities(schema: GraphQLSchema): GraphQLSchema {
  const problems: string[] = [];
  for (const { type, by } of objectIdentities(schema)) {
    const fields = (schema.getType(type) as GraphQLObjectType).getFields();
    if (by === null) problems.push(`${type} has an id but no @Identity(...)`);
    else for (const f of by) if (!(f in fields)) problems.push(`${type}: @Identity names ${f}, not a field`);
  }
  if (problems.length > 0) {
    throw new Error(
      `Every object type with an id declares what names one record (platform/graphql/identity.ts): ${problems.join('; ')}`,
    );
  }
  return schema;
}
