/**
 * A trigram (pg_trgm) GIN index for substring search (`ILIKE '%…%'`) on a Thai or English name.
 * Declared on the entity so the schema diff knows it; the migration creates it.
 */
export function trigramIndex(table: string, column: string) {
  const name = `${table}_${column}_trgm`;
  return { name, expression: `create index "${name}" on "${table}" using gin ("${column}" gin_trgm_ops)` };
}
