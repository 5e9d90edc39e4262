import type { FeatureModule } from '../../platform/module';
import { referenceResolver } from './reference.resolver';
import { referenceRoutes } from './reference.routes';
import { referenceExport } from './reference-export';
import type { ReferenceType } from './reference-kit';
import { addReferenceTypes, describeReferenceAccess, referenceEntities } from './reference-types';

/**
 * Hands the features' reference types to the kit (server/src/registry.ts calls it once, with every
 * module's `referenceTypes`, before it reads the modules' entities and resolvers).
 */
export function registerReferenceTypes(types: readonly ReferenceType[]): void {
  addReferenceTypes(types);
}

/** The reference-data kit: its tables, GraphQL fields, legacy lists and export, for every registered type. */
export const referenceKitModule: FeatureModule = {
  name: 'reference',
  get entities() {
    return referenceEntities();
  },
  get resolvers() {
    return [referenceResolver()];
  },
  routes: () => [...referenceRoutes(), referenceExport()],
  describeAccess: () => [
    ...describeReferenceAccess(),
    'GET /api/export/reference/:type: the rows of Query.referenceItems for the type (its view menu codes, data scope, filters); each export audited (EXPORT)',
  ],
};
