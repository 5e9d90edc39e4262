import type { TypePolicies } from '@apollo/client';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';

// The check behind cache-identity.test.ts (docs/decisions.md, "One identity per record"): two records
// of different kinds must never share a cache key. The server states what names a record of each
// object type with an id (`@identity(by: [...])` in schema.graphql); the client's type policies
// (platform/apollo.ts) must key every type of several kinds by those fields, keep the types without an
// identity of their own inside their parents, and every operation must select the key fields of the
// keyed types it reads (Apollo refuses to write an object whose key fields are missing).

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

/** The `by` of a type's @identity directive, or null when it states none. */
export function declaredIdentity(schema: GraphQLSchema, typeName: string): string[] | null {
  const type = schema.getType(typeName);
  const directive = type?.astNode?.directives?.find((d) => d.name.value === 'identity');
  const by = directive?.arguments?.find((a) => a.name.value === 'by')?.value;
  if (!by) return null;
  if (by.kind !== Kind.LIST) return null;
  return by.values.map((v) => (v.kind === Kind.STRING ? v.value : String(v.kind)));
}

const keyFieldsOf = (policies: TypePolicies, typeName: string) => policies[typeName]?.keyFields;

const same = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

/** What breaks "one identity per record" in the schema and the type policies (empty: nothing). */
export function identityProblems(schema: GraphQLSchema, policies: TypePolicies): string[] {
  const problems: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || ROOTS.has(type.name)) continue;
    const by = declaredIdentity(schema, type.name);
    const keyFields = keyFieldsOf(policies, type.name);
    if (!('id' in type.getFields())) {
      if (keyFields !== undefined && by === null)
        problems.push(`${type.name}: a type policy for a type without an id or @identity`);
      continue;
    }
    if (by === null) {
      problems.push(
        `${type.name}: has an id but declares no identity (server: @Identity('id') for one kind of record, @Identity('<kind field>', 'id') for several)`,
      );
      continue;
    }
    const fields = type.getFields();
    for (const f of by) if (!(f in fields)) problems.push(`${type.name}: @identity names ${f}, not a field`);
    if (by.length === 0) {
      if (keyFields !== false)
        problems.push(`${type.name}: no identity of its own; its type policy must be { keyFields: false }`);
    } else if (same(by, ['id'])) {
      if (keyFields !== undefined && !same(keyFields, ['id']))
        problems.push(`${type.name}: one kind of record keyed by id; its type policy says otherwise`);
    } else if (!same(keyFields, by)) {
      problems.push(
        `${type.name}: records of several kinds share this type; its type policy must be { keyFields: ${JSON.stringify(by)} } (now ${JSON.stringify(keyFields)})`,
      );
    }
  }
  for (const name of Object.keys(policies)) {
    if (!schema.getType(name)) problems.push(`${name}: a type policy for a type the schema lacks`);
  }
  return problems;
}

/**
 * Selections in the documents of objects whose type is keyed by more than id but that leave out a
 * key field (Apollo cannot write them: "Missing field … while extracting keyFields").
 */
export function missingKeyFields(
  schema: GraphQLSchema,
  policies: TypePolicies,
  documents: readonly DocumentNode[],
): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const doc of documents)
    for (const def of doc.definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

  /** The fields a selection set selects on an object of type `typeName`, fragments followed. */
  const selected = (set: SelectionSetNode, typeName: string, into = new Set<string>()): Set<string> => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) into.add((s as FieldNode).alias?.value ?? s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) {
        const on = s.typeCondition?.name.value;
        if (!on || on === typeName) selected(s.selectionSet, typeName, into);
      } else {
        const fragment = fragments.get(s.name.value);
        if (fragment && fragment.typeCondition.name.value === typeName)
          selected(fragment.selectionSet, typeName, into);
      }
    }
    return into;
  };

  const problems: string[] = [];
  for (const doc of documents) {
    for (const def of doc.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION && def.kind !== Kind.FRAGMENT_DEFINITION) continue;
      const name = def.name?.value ?? '(anonymous)';
      const typeInfo = new TypeInfo(schema);
      visit(
        def,
        visitWithTypeInfo(typeInfo, {
          SelectionSet(set) {
            // A fragment's own fields are checked where it is spread (with the fields beside it).
            if (set === def.selectionSet && def.kind === Kind.FRAGMENT_DEFINITION) return;
            const parent = typeInfo.getParentType() as GraphQLCompositeType | null;
            if (!parent) return;
            const named = getNamedType(parent);
            if (!isObjectType(named)) return;
            const keyFields = keyFieldsOf(policies, named.name);
            if (!Array.isArray(keyFields)) return;
            const have = selected(set, named.name);
            const missing = (keyFields as string[]).filter((f) => !have.has(f));
            if (missing.length) problems.push(`${name}: ${named.name} without ${missing.join(', ')}`);
          },
        }),
      );
    }
  }
  return problems;
}
