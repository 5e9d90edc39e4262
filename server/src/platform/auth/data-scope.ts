import { prefixPattern } from '../db/like';
import type { Principal } from './principal';

// The one data-scope rule (product-decisions sec. 1), used by users, reference data and documents:
// a staff member reaches the subtree of their organisation unit; a system administrator (UG-A01)
// reaches everything, whether or not they belong to a unit. Donors and staff without a unit reach
// no organisation data.

export const SYSTEM_ADMINISTRATOR_GROUP = 'UG-A01';

/** A system administrator: every unit, with or without a unit of their own. */
export function reachesEverything(principal: Principal): boolean {
  return principal.kind === 'STAFF' && principal.groupCode === SYSTEM_ADMINISTRATOR_GROUP;
}

/** May the principal reach an object owned by the unit with this materialised path? */
export function inScope(principal: Principal, ownerPath: string | null | undefined): boolean {
  if (reachesEverything(principal)) return true;
  if (principal.kind !== 'STAFF' || !principal.unitPath || !ownerPath) return false;
  return ownerPath.startsWith(principal.unitPath);
}

/**
 * The same rule as a condition on a unit's `path` column, for list queries: null when the principal
 * reaches everything, otherwise a prefix match on their unit's path (or nothing at all).
 */
export function scopePathCondition(principal: Principal): Record<string, unknown> | null {
  if (reachesEverything(principal)) return null;
  if (principal.kind !== 'STAFF' || !principal.unitPath) return { $in: [] };
  return { $like: prefixPattern(principal.unitPath) };
}

/**
 * The same rule as SQL on a unit's `path` column, for hand-written queries: `true` when the
 * principal reaches everything, a prefix match on their unit's path, or `false` (nothing at all).
 */
export function scopePathSql(principal: Principal, pathColumn: string): { sql: string; params: unknown[] } {
  const condition = scopePathCondition(principal);
  if (condition === null) return { sql: 'true', params: [] };
  if (typeof condition.$like === 'string') return { sql: `${pathColumn} like ?`, params: [condition.$like] };
  return { sql: 'false', params: [] };
}
