import 'reflect-metadata';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { assertValidSchema, type GraphQLSchema, lexicographicSortSchema } from 'graphql';
import { buildSchema, getMetadataStorage, type NonEmptyArray } from 'type-graphql';
import { type AccessGuard, accessDirectives, applyAccessDeclarations } from './access';
import { assertIdentities, identityDirectives } from './identity';
import { applyInputLimits, limitDirectives } from './input-limits';

// biome-ignore lint/complexity/noBannedTypes: type-graphql takes resolver classes as plain constructors
export type ResolverClass = Function;

/**
 * Builds the executable schema; throws when a root field does not declare its access, or an object
 * type with an id does not declare its identity (identity.ts). A field's resolver runs after its
 * access check (access.ts), then the input limits (input-limits.ts).
 */
export async function buildAppSchema(
  resolvers: readonly ResolverClass[],
  guard?: AccessGuard,
): Promise<GraphQLSchema> {
  // A field without a resolver of its own reads its property through graphql-js's default resolver
  // (type-graphql's simpleResolvers). type-graphql's wrapper of every such field serves middlewares
  // and @Authorized, which this server does not use (access is its directives, checked at the root
  // field): on a nested page of 4,000 fields it was a resolver call and an object each.
  for (const type of getMetadataStorage().objectTypes) type.simpleResolvers ??= true;
  const schema = await buildSchema({
    resolvers: resolvers as unknown as NonEmptyArray<ResolverClass>,
    validate: false,
    directives: [...accessDirectives, ...limitDirectives, ...identityDirectives],
    // type-graphql's own check runs the whole introspection query over the new schema (some 0.3 s of
    // a start's CPU) to find what graphql's schema validation finds: that validation, run here.
    skipCheck: true,
  });
  assertValidSchema(schema);
  return applyAccessDeclarations(applyInputLimits(assertIdentities(schema)), guard);
}

/** The SDL committed as schema.graphql: sorted, with directives, ending in one newline. */
export function printAppSchema(schema: GraphQLSchema): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(schema)).trim()}\n`;
}
