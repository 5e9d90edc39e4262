import { badInput } from '../errors';

// Paging by key (docs/document-kit.md "Paging by key"): a page starts after (or ends before) the key
// of a row, its sort value and the columns that break ties (the id last), so the last page costs
// what the first does. A cursor is opaque to the caller: base64url of JSON naming the sort, its
// direction and the key; it is checked before anything is read (a bad one is a 400).

export type KeyValue = string | number | null;
export type SortDirection = 'asc' | 'desc';

/** How a list is paged by key: `first`/`after` from the start, `last`/`before` from the end. */
export interface KeysetArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** What a list's arguments ask for: a page by number (offset), or by key from one end. */
export type KeysetRequest =
  | { by: 'offset' }
  | { by: 'key'; from: 'start' | 'end'; rows: number; key: KeyValue[] | null };

/** The kind of each key value, in order (the last is the id): what a cursor may hold there. */
export type KeyKind = 'text' | 'nullable-text' | 'int';

/** The cursors and neighbours of a page, as every list paged by key answers them. */
export interface PageCursors {
  startCursor: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

const badCursor = (name: string) =>
  badInput(
    `เคอร์เซอร์ ${name} ไม่ถูกต้อง (ใช้ค่าที่ได้จากหน้าก่อนหน้าของรายการเดียวกันและการเรียงเดียวกัน)`,
    `${name} is not a valid cursor (use one this list answered, with the same sort)`,
    { field: name },
  );

export function encodeCursor(sort: string, direction: SortDirection, key: KeyValue[]): string {
  return Buffer.from(JSON.stringify({ s: sort, d: direction, k: key })).toString('base64url');
}

function decodeCursor(
  name: string,
  cursor: string,
  sort: string,
  direction: SortDirection,
  kinds: KeyKind[],
): KeyValue[] {
  if (cursor.length > 600 || !/^[A-Za-z0-9_-]+={0,2}$/.test(cursor)) throw badCursor(name);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor(name);
  }
  const c = parsed as { s?: unknown; d?: unknown; k?: unknown };
  if (!c || typeof c !== 'object' || c.s !== sort || c.d !== direction) throw badCursor(name);
  const key = c.k;
  if (!Array.isArray(key) || key.length !== kinds.length) throw badCursor(name);
  const fits = (v: unknown, kind: KeyKind) =>
    kind === 'int'
      ? Number.isSafeInteger(v) && (v as number) > 0
      : (typeof v === 'string' && v.length <= 200) || (kind === 'nullable-text' && v === null);
  if (!key.every((v, i) => fits(v, kinds[i]))) throw badCursor(name);
  return key as KeyValue[];
}

const rowsOf = (name: string, n: number, max: number) => {
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw badInput(`${name} ต้องอยู่ระหว่าง 1 ถึง ${max}`, `${name} must be between 1 and ${max}`, {
      field: name,
    });
  return n;
};

/**
 * The page the arguments ask for, checked: none of them means a page by number (`currentPage`);
 * `first`/`after` and `last`/`before` are not mixed; a cursor must be one this list answered for the
 * same sort and direction.
 */
export function keysetRequest(
  args: KeysetArgs,
  order: { sort: string; direction: SortDirection; kinds: KeyKind[]; rows: number; maxRows: number },
): KeysetRequest {
  const { first, after, last, before } = args;
  const forward = first != null || after != null;
  const backward = last != null || before != null;
  if (!forward && !backward) return { by: 'offset' };
  if (forward && backward)
    throw badInput(
      'ใช้ first/after ร่วมกับ last/before ไม่ได้',
      'first/after and last/before cannot be used together',
      { field: 'last' },
    );
  const cursor = (name: string, value: string | null | undefined) =>
    value == null ? null : decodeCursor(name, value, order.sort, order.direction, order.kinds);
  return forward
    ? {
        by: 'key',
        from: 'start',
        rows: rowsOf('first', first ?? order.rows, order.maxRows),
        key: cursor('after', after),
      }
    : {
        by: 'key',
        from: 'end',
        rows: rowsOf('last', last ?? order.rows, order.maxRows),
        key: cursor('before', before),
      };
}

export const flip = (d: SortDirection): SortDirection => (d === 'asc' ? 'desc' : 'asc');

/** A key column as SQL: its expression, direction, whether it may be null and a cast for its value. */
export interface KeyColumn {
  sql: string;
  direction: SortDirection;
  nullable?: boolean;
  cast?: string;
}

/**
 * The SQL condition "after this key" in the order the columns give (PostgreSQL's default null
 * placement: last ascending, first descending). Columns of one direction and never null compare as
 * one row value, which a b-tree index on the sort column serves; otherwise column by column.
 */
export function afterKeySql(columns: KeyColumn[], key: KeyValue[]): { sql: string; params: unknown[] } {
  const param = (c: KeyColumn) => (c.cast ? `?::${c.cast}` : '?');
  if (columns.every((c) => !c.nullable && c.direction === columns[0].direction) && !key.includes(null)) {
    const op = columns[0].direction === 'asc' ? '>' : '<';
    return {
      sql: `(${columns.map((c) => c.sql).join(', ')}) ${op} (${columns.map(param).join(', ')})`,
      params: key,
    };
  }
  const params: unknown[] = [];
  const equal = (c: KeyColumn, v: KeyValue) => {
    if (v === null) return `${c.sql} is null`;
    params.push(v);
    return `${c.sql} = ${param(c)}`;
  };
  const later = (c: KeyColumn, v: KeyValue) => {
    if (v === null) return c.direction === 'asc' ? 'false' : `${c.sql} is not null`;
    params.push(v);
    const cmp = `${c.sql} ${c.direction === 'asc' ? '>' : '<'} ${param(c)}`;
    return c.nullable && c.direction === 'asc' ? `(${cmp} or ${c.sql} is null)` : cmp;
  };
  const terms = columns.map((c, i) =>
    [...columns.slice(0, i).map((p, j) => equal(p, key[j])), later(c, key[i])].join(' and '),
  );
  // The first column's bound on its own, which an index on it serves.
  const c = columns[0];
  if (c.nullable || key[0] === null) return { sql: `(${terms.map((t) => `(${t})`).join(' or ')})`, params };
  const bound = `${c.sql} ${c.direction === 'asc' ? '>=' : '<='} ${param(c)}`;
  return { sql: `${bound} and (${terms.map((t) => `(${t})`).join(' or ')})`, params: [key[0], ...params] };
}

/**
 * The rows of a page read by key (one more than asked, to know whether more follow), put in the
 * list's order, with the page's cursors and neighbours.
 */
export function keysetPage<R>(
  request: Extract<KeysetRequest, { by: 'key' }>,
  rows: number,
  read: R[],
  cursorOf: (row: R) => string,
): { items: R[] } & PageCursors {
  const more = read.length > rows;
  const items = read.slice(0, rows);
  if (request.from === 'end') items.reverse();
  const fromStart = request.from === 'start';
  return {
    items,
    ...cursorsOf(items, cursorOf, {
      hasNextPage: fromStart ? more : request.key !== null,
      hasPreviousPage: fromStart ? request.key !== null : more,
    }),
  };
}

export function cursorsOf<R>(
  items: R[],
  cursorOf: (row: R) => string,
  neighbours: { hasNextPage: boolean; hasPreviousPage: boolean },
): PageCursors {
  return {
    startCursor: items.length ? cursorOf(items[0]) : null,
    endCursor: items.length ? cursorOf(items[items.length - 1]) : null,
    ...neighbours,
  };
}

/**
 * A page by number read from the nearer end: past the middle of the list it is read in the reverse
 * order with the smaller offset (from the end), then turned round.
 */
export function nearerEnd(
  total: number,
  currentPage: number,
  rows: number,
): { reverse: boolean; offset: number; limit: number } {
  const offset = (currentPage - 1) * rows;
  if (offset >= total || offset + rows / 2 <= total / 2) return { reverse: false, offset, limit: rows };
  const fromEnd = total - offset - rows;
  return { reverse: true, offset: Math.max(0, fromEnd), limit: rows + Math.min(0, fromEnd) };
}
