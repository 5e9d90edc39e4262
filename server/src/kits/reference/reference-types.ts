import type { EntitySchema } from '@mikro-orm/core';
import { describeAccess } from '../../platform/graphql/access';
import type { ReferenceType } from './reference-kit';

// The reference kit's list of types. A feature declares its types on the kit and names them in its
// module (`referenceTypes`); server/src/registry.ts hands them to the kit once every module is
// loaded, so the kit never imports a feature. Read the list when a request or schema build runs,
// not while modules load.

/** What a feature module gives the reference kit. */
export interface ReferenceKitContribution {
  /** The feature's reference types, in the order the kit lists them (enum, access snapshot). */
  referenceTypes?: readonly ReferenceType[];
}

const registered: ReferenceType[] = [];

/** Every declared reference type, in registration order (filled by the registry at start). */
export const referenceTypes: readonly ReferenceType[] = registered;

/** One enum value per declared reference type (STORAGE, …), filled as types register. */
export const referenceTypeNames: Record<string, string> = {};

/** Adds the features' reference types to the kit; the registry calls this once, before the schema is built. */
export function addReferenceTypes(types: readonly ReferenceType[]): void {
  for (const t of types) {
    if (referenceTypeNames[t.type]) throw new Error(`Reference type ${t.type} is registered twice`);
    registered.push(t);
    referenceTypeNames[t.type] = t.type;
  }
}

/** The entities the kit derives (government info uses the organisation's own entity). */
export const referenceEntities = (): EntitySchema[] =>
  referenceTypes.filter((t) => t.auditColumns).map((t) => t.entity as EntitySchema);

export function referenceTypeOf(type: string): ReferenceType | undefined {
  return referenceTypes.find((t) => t.type === type);
}

/**
 * The menu codes each kit operation checks per type (the GraphQL fields declare only their union),
 * one line per type and operation, for the access snapshot.
 */
export function describeReferenceAccess(): string[] {
  const kitCodes = [
    ...new Set(referenceTypes.flatMap((t) => [...t.menus.view, ...t.menus.create, ...t.menus.edit])),
  ];
  const operations: [string, (t: ReferenceType) => string[]][] = [
    ['list', (t) => t.menus.view],
    ['get', (t) => t.menus.view],
    ['options', () => kitCodes],
    ['create', (t) => t.menus.create],
    ['edit', (t) => t.menus.edit],
    ['set-status', (t) => t.menus.edit],
    ['delete', (t) => t.menus.edit],
  ];
  return referenceTypes.flatMap((t) =>
    operations.map(
      ([op, codes]) => `reference ${t.type} ${op}: ${describeAccess({ kind: 'menu', codes: codes(t) })}`,
    ),
  );
}
