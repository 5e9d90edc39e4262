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
 * Rows that can also be read a batch (array) at a time: the writers read `batches()`, one await a
 * batch instead of one a row (rowBatches); iterating the rows themselves works as for any source.
 */
export interface BatchedRows<Row> extends AsyncIterable<Row> {
  batches(): AsyncIterable<readonly Row[]>;
}

/**
 * Rows of a SQL query (with `?` parameters) fetched `batch` at a time from a cursor, in a read-only
 * repeatable-read transaction of a fork of `em` (opened at the first read, closed when the rows are
 * read or the export stops). `map` turns each row as the driver gives it (a plain object of column
 * values) into the export's row, a batch at a time.
 */
export function cursorRows<Row = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  options: { map?: (raw: Record<string, unknown>) => Row; batch?: number } = {},
): BatchedRows<Row> {
  const { map, batch = 500 } = options;
  async function* batches(): AsyncGenerator<readonly Row[]> {
    const fork = em.fork() as EntityManager;
    const name = `namjai_export_${++cursorSeq}`;
    await fork.begin({ readOnly: true, isolationLevel: 'repeatable read' as never });
    try {
      await fork.execute(`declare ${name} no scroll cursor for ${sql}`, [...params]);
      for (;;) {
        const raw = (await fork.execute(`fetch forward ${batch} from ${name}`)) as unknown as Record<
          string,
          unknown
        >[];
        if (raw.length) yield map ? raw.map(map) : (raw as unknown as Row[]);
        if (raw.length < batch) break;
      }
    } finally {
      await fork.rollback();
    }
  }
  return {
    batches,
    async *[Symbol.asyncIterator]() {
      for await (const rows of batches()) yield* rows;
    },
  };
}

/** The rows of a source a batch at a time: a cursor's own batches, other sources a row a batch. */
export async function* rowBatches<Row>(rows: AsyncIterable<Row>): AsyncGenerator<readonly Row[]> {
  const batched = rows as Partial<BatchedRows<Row>>;
  if (typeof batched.batches === 'function') {
    yield* batched.batches();
    return;
  }
  for await (const row of rows) yield [row];
}

/**
 * An export of a paged list service (`list({ currentPage, rows })` → `{ items, total }`), called
 * page after page with the screen's filters, each page in a fresh fork of `em` (the identity map of a
 * page is let go). The first page is read now: the service's checks (menus, scope, filters) refuse
 * before the download starts, and its total is the export's.
 */
export async function listPages<Row>(
  em: EntityManager,
  fetch: (
    em: EntityManager,
    currentPage: number,
    rows: number,
  ) => Promise<{ items: readonly Row[]; total: number }>,
  pageSize = 200,
): Promise<{ total: number; rows: AsyncIterable<Row> }> {
  const first = await fetch(em.fork() as EntityManager, 1, pageSize);
  async function* rows(): AsyncGenerator<Row> {
    let page = first.items;
    for (let n = 1; ; ) {
      yield* page;
      if (page.length < pageSize) return;
      n++;
      page = (await fetch(em.fork() as EntityManager, n, pageSize)).items;
    }
  }
  return { total: first.total, rows: rows() };
}
