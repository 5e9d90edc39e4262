import type { TestApp } from './test-app';

/**
 * The demo seed's storage, resource and reason a stock adjustment's line names in the posting tests
 * (ST-P38-SDW, the blanket, COUNT-ERROR), by id.
 */
export async function demoPostingRefs(
  t: TestApp,
): Promise<{ STORAGE: number; RESOURCE: number; REASON: number }> {
  const ids: Record<string, number> = {};
  for (const [key, table, code] of [
    ['STORAGE', 'ref_storage', 'ST-P38-SDW'],
    ['RESOURCE', 'ref_resource', 'BLANKET'],
    ['REASON', 'ref_missing_excess_reason', 'COUNT-ERROR'],
  ] as const) {
    const [row] = await t
      .em()
      .getConnection()
      .execute<{ id: number }[]>(`select id from ${table} where code = ?`, [code]);
    if (!row) throw new Error(`demo ${table} ${code} missing`);
    ids[key] = row.id;
  }
  return ids as { STORAGE: number; RESOURCE: number; REASON: number };
}
