// A page's relations read before the page is answered. The root field of a nested page knows what
// its caller selected below `items`: it asks each selected relation's batch loader for every row at
// once (the same batched statements the field resolvers would send) and keeps each row's answer.
// The field resolvers then answer from it synchronously, so graphql-js completes the page without
// a promise per row and relation (docs/benchmarks.md, "The donations API part").

/** A row that may carry its relations' answers, read ahead. */
export interface Prefetched {
  prefetched?: Record<string, unknown>;
}

/**
 * Reads the `relations` named in `selected` for every row, each row's read `null` when it has none
 * (the answer is then null). A read that fails is left out: the field's resolver reads it again and
 * fails on its own, as without the read ahead.
 */
export async function prefetch<R extends Prefetched>(
  rows: readonly R[],
  selected: ReadonlySet<string>,
  relations: Record<string, (row: R) => Promise<unknown> | null>,
): Promise<void> {
  const reads: Promise<unknown>[] = [];
  const keep = (row: R, name: string, value: unknown) => {
    row.prefetched ??= {};
    row.prefetched[name] = value;
  };
  for (const [name, read] of Object.entries(relations)) {
    if (!selected.has(name)) continue;
    for (const row of rows) {
      const answer = read(row);
      if (answer === null) keep(row, name, null);
      else
        reads.push(
          answer.then(
            (value) => keep(row, name, value),
            () => {},
          ),
        );
    }
  }
  await Promise.all(reads);
}

/** The relation's answer read ahead, or else its read now. */
export function prefetched<T>(row: Prefetched, name: string, read: () => Promise<T>): T | Promise<T> {
  const ahead = row.prefetched;
  return ahead && name in ahead ? (ahead[name] as T) : read();
}
