import { publicOperationTexts } from '../gql/public-operations';
import { PAGE_QUERIES } from './page-data';

// The public pages' queries as one POST to /graphql each, without Apollo Client or React: what
// platform/public-query.ts sends, and what platform/page-data.ts asks for while the app is still
// loading. The texts are codegen's (client/src/gql/public-operations.ts).

/** A query's variables, or none. */
export type Variables = Record<string, unknown>;

/** The text of a public operation, by name; an operation that is not public is a programming error. */
export function publicOperationText(name: string | undefined): string {
  const text = name ? publicOperationTexts[name] : undefined;
  if (!text) throw new Error(`public-query: ${name ?? 'an unnamed operation'} is not a public operation`);
  return text;
}

/** One public query, as Apollo's HTTP link sends it. */
export async function fetchPublicOperation<T>(name: string, variables?: Variables): Promise<T> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    // As Apollo's link: the CSRF guard of Apollo Server refuses "simple" requests.
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query: publicOperationText(name), ...(variables ? { variables } : {}) }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: unknown[] };
  if (!response.ok || body.errors?.length || !body.data) throw new Error(`HTTP ${response.status}`);
  return body.data;
}

/**
 * Answers asked for before the app rendered the page (platform/page-data.ts), by operation and
 * variables. The page's first render takes each once (`usePublicQuery`): drawn with its data if it
 * has arrived, or waiting for that request rather than sending another. An answer older than
 * EARLY_ANSWER_MS is not used; a failed one is forgotten (the page asks again, and shows its error).
 */
const EARLY_ANSWER_MS = 30_000;
interface EarlyAnswer {
  answer: Promise<unknown>;
  settled?: { data: unknown };
  at: number;
}
const early = new Map<string, EarlyAnswer>();

/** The key of an early answer: undefined and empty variables are the same request. */
export const earlyKey = (name: string, variables?: Variables) => `${name} ${JSON.stringify(variables ?? {})}`;

/** Asks for a public query now, for the page's first render to take. Once per key until taken. */
export function askEarly(name: string, variables?: Variables): void {
  const key = earlyKey(name, variables);
  if (early.has(key)) return;
  const entry: EarlyAnswer = { answer: fetchPublicOperation(name, variables), at: Date.now() };
  entry.answer.then(
    (data) => {
      entry.settled = { data };
    },
    () => {
      if (early.get(key) === entry) early.delete(key);
    },
  );
  early.set(key, entry);
}

/** Asks for the data of the page at `path`, if it is one of platform/page-data.ts's pages. */
export function askPageData(path: string): void {
  for (const [name, variables] of PAGE_QUERIES[path] ?? []) askEarly(name, variables);
}

const fresh = (entry: EarlyAnswer | undefined) =>
  entry && Date.now() - entry.at <= EARLY_ANSWER_MS ? entry : undefined;

/** The early answer that has arrived, if any, without taking it (a render may be thrown away). */
export function earlyAnswer(key: string): { data: unknown } | undefined {
  return fresh(early.get(key))?.settled;
}

/** Takes the early request for `key` (arrived or on its way), so it is used once. */
export function takeEarly(key: string): EarlyAnswer | undefined {
  const entry = fresh(early.get(key));
  early.delete(key);
  return entry;
}

/** For tests: forgets every early answer. */
export function forgetEarlyAnswers(): void {
  early.clear();
}
