import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import { type PendingWorkGroup, type PendingWorkSource, pendingWorkKinds } from './pending-work.source';
import { pendingWorkSources } from './pending-work.sources';

// What waits for one person (MN-106): every source that applies to their menus, counted in SQL within
// their data scope, with the newest items of each group. The badge asks for the total only.

/** Items listed per group on the screen; the count is always complete. */
export const ITEMS_PER_GROUP = 50;

export interface PendingWork {
  total: number;
  groups: PendingWorkGroup[];
}

export async function pendingWorkOf(
  em: EntityManager,
  principal: Principal,
  limit = ITEMS_PER_GROUP,
  sources: readonly PendingWorkSource[] = pendingWorkSources(),
): Promise<PendingWork> {
  if (principal.kind !== 'STAFF') return { total: 0, groups: [] };
  const groups: PendingWorkGroup[] = [];
  // One source at a time: the request's EntityManager runs one query at a time.
  for (const source of sources)
    if (source.applies(principal)) groups.push(...(await source.collect({ em, principal, limit })));
  groups.sort((a, b) => pendingWorkKinds.indexOf(a.kind) - pendingWorkKinds.indexOf(b.kind));
  return { total: groups.reduce((sum, g) => sum + g.count, 0), groups };
}
