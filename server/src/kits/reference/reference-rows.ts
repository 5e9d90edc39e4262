import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReferenceRow, ReferenceType } from './reference-kit';

// An item's status (A or I, from a status code or an `active` flag) and a type's active items.

export const statusOf = (type: ReferenceType, row: ReferenceRow): string =>
  type.statusProperty === 'active' ? (row.active ? 'A' : 'I') : (row.statusCode as string);

export function statusWhere(type: ReferenceType, code: string): Record<string, unknown> {
  return type.statusProperty === 'active' ? { active: code === 'A' } : { statusCode: code };
}

/** The active items of a type, by code (for legacy lists and trees). */
export function activeRows(
  em: EntityManager,
  type: ReferenceType,
  where: Record<string, unknown> = {},
  populate: string[] = [],
): Promise<ReferenceRow[]> {
  return em.find(
    type.entity,
    { ...where, ...statusWhere(type, 'A') },
    {
      orderBy: { code: 'asc' },
      populate: populate as never[],
    },
  );
}
