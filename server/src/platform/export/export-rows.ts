import type { EntityManager } from '@mikro-orm/postgresql';

// Where an export's rows come from: never the whole list at once. A list served by an ORM query
// reads page after page (pagedRows, the list's own filters and order); a list written in SQL reads
// through a server-side cursor in one read-only transaction (cursorRows), one snapshot throughout.

/**
 * Rows of a list read `pageSize` at a time with `fetchPage(offset, limit)` until a short page. The
 * list's order must end in a unique key (id) so pages neither skip nor repeat rows.
 */
export async function* pagedRows<Row>(
  fetchPage: (offset: number, limit: number) => Promise<readonly Row[]>,
  pageSize = 500,
): AsyncGenerator<Row> {
  for (let offset = 0; ; offset += pageSize) {
    const page = await fetchPage(offset, pageSize);
    yield* page;
    if (page.length < pageSize) return;
  }
}

let cursorSeq = 0;

/**
 * Rows of a SQL query (with `?` parameters) fetched `batch` at a time from a cursor, in a read-only
 * repeatable-read transaction of a fork of `em` (closed when the rows are read or the export stops).
 */
export async function* cursorRows<Row = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  batch = 2000,
): AsyncGenerator<Row> {
  const fork = em.fork() as EntityManager;
  const name = `namjai_export_${++cursorSeq}`;
  await fork.begin({ readOnly: true, isolationLevel: 'repeatable read' as never });
  try {
    await fork.execute(`declare ${name} no scroll cursor for ${sql}`, [...params]);
    for (;;) {
      const rows = (await fork.execute(`fetch forward ${batch} from ${name}`)) as unknown as Row[];
      yield* rows;
      if (rows.length < batch) break;
    }
  } finally {
    await fork.rollback();
  }
}
