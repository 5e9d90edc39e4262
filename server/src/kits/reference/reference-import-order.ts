// The order an import saves its rows in: an item a row refers to by code (a unit's parent) is saved
// before the row when the same file holds it, whatever order the file lists them in. Rows that refer
// to each other in a ring cannot be saved in any order: each is reported with the ring.

export interface ImportOrder {
  /** Row indexes, each after the rows it depends on. */
  order: number[];
  /** Rows on a ring, with the codes around it (A → B → A). */
  cycles: Map<number, string[]>;
}

/**
 * `deps[i]` are the indexes of the rows row i refers to; `codes[i]` names row i. Depth-first, without
 * recursion (a file may nest thousands deep), visiting rows in file order so independent rows keep it.
 */
export function importOrder(codes: string[], deps: number[][]): ImportOrder {
  const state = new Uint8Array(codes.length); // 0 new, 1 on the path, 2 done
  const order: number[] = [];
  const cycles = new Map<number, string[]>();
  for (let root = 0; root < codes.length; root++) {
    if (state[root]) continue;
    const path: { row: number; next: number }[] = [{ row: root, next: 0 }];
    state[root] = 1;
    while (path.length) {
      const top = path[path.length - 1];
      const edges = deps[top.row];
      if (top.next < edges.length) {
        const to = edges[top.next++];
        if (state[to] === 0) {
          state[to] = 1;
          path.push({ row: to, next: 0 });
        } else if (state[to] === 1) {
          const from = path.findIndex((p) => p.row === to);
          const ring = path.slice(from).map((p) => p.row);
          const names = [...ring, to].map((r) => codes[r]);
          for (const r of ring) if (!cycles.has(r)) cycles.set(r, names);
        }
      } else {
        path.pop();
        state[top.row] = 2;
        order.push(top.row);
      }
    }
  }
  return { order, cycles };
}
