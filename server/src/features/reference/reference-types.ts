import type { EntitySchema } from '@mikro-orm/core';
import type { ReferenceType } from './reference-kit';
import { countingUnit } from './types/counting-unit.reference';

/** Every declared reference type; adding one here (plus its migration) is all the kit needs. */
export const referenceTypes: readonly ReferenceType[] = [countingUnit];

export const referenceEntities: EntitySchema[] = referenceTypes.map((t) => t.entity as EntitySchema);

export function referenceTypeOf(type: string): ReferenceType | undefined {
  return referenceTypes.find((t) => t.type === type);
}
