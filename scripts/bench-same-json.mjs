// The check every comparison bench makes before it times anything (issue 24): both sides of the
// comparison answer the same JSON, deep-equal, page by page; one difference stops the bench (it
// exits non-zero) and says where the two answers part, so figures are never printed for unequal work.
import { isDeepStrictEqual } from 'node:util';

/** The first path where `a` and `b` differ, with both values (shortened), or null when they are equal. */
export function firstDifference(a, b, path = '$') {
  if (isDeepStrictEqual(a, b)) return null;
  const kind = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(a) === kind(b) && (kind(a) === 'object' || kind(a) === 'array')) {
    if (kind(a) === 'array' && a.length !== b.length)
      return `${path}: ${a.length} elements against ${b.length}`;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      if (!(k in b)) return `${path}.${k}: only on the first side (${show(a[k])})`;
      if (!(k in a)) return `${path}.${k}: only on the second side (${show(b[k])})`;
      const d = firstDifference(a[k], b[k], kind(a) === 'array' ? `${path}[${k}]` : `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path}: ${show(a)} against ${show(b)}`;
}

const show = (v) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * Fetches each of `pages` from both sides and throws, naming the page and the first difference,
 * unless every page is deep-equal. `sides` is `[[name, fetch(page)], [name, fetch(page)]]`.
 */
export async function assertSameJson(what, pages, [[nameA, fetchA], [nameB, fetchB]]) {
  for (const page of pages) {
    const a = await fetchA(page);
    const b = await fetchB(page);
    const d = firstDifference(a, b);
    if (d)
      throw new Error(
        `${what}: ${nameA} and ${nameB} answer different JSON on page ${page} (first difference, ${nameA} against ${nameB}: ${d}); the bench compares equal work only`,
      );
  }
  return pages.length;
}
