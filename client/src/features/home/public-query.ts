import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useCallback, useEffect, useState } from 'react';
import { type ApiSource, useApiSource } from '../../platform/api-client';

// The home page's public queries without Apollo Client, so its first load does without Apollo's
// ~50 KiB (platform/api-client.tsx): one POST to /graphql each, as Apollo's HTTP link sends it. Once
// Apollo has loaded (the visitor came back from another page; the route tests), the queries go
// through it instead, sharing its cache.

interface Node {
  kind: string;
  value?: string;
  name?: Node;
  operation?: string;
  arguments?: readonly { name: Node; value: Node }[];
  selectionSet?: { selections: readonly Node[] };
  variableDefinitions?: readonly unknown[];
  definitions?: readonly Node[];
}

const literal = (value: Node): string => {
  if (value.kind === 'StringValue') return JSON.stringify(value.value);
  if (['IntValue', 'FloatValue', 'BooleanValue', 'EnumValue'].includes(value.kind))
    return String(value.value);
  throw new Error(`public-query: ${value.kind} arguments are not supported`);
};

const selections = (set: Node['selectionSet']): string =>
  set
    ? `{${set.selections
        .map((field) => {
          if (field.kind !== 'Field') throw new Error(`public-query: ${field.kind} is not supported`);
          const args = field.arguments?.length
            ? `(${field.arguments.map((arg) => `${arg.name.value}:${literal(arg.value)}`).join(',')})`
            : '';
          return `${field.name?.value}${args}${selections(field.selectionSet)}`;
        })
        .join(' ')}}`
    : '';

/**
 * The text of a query without variables or fragments (the home page's), from its document. Exported
 * for the test that compares it with graphql-js's print.
 */
export function printPublicQuery(document: object): string {
  const [operation] = (document as unknown as Node).definitions ?? [];
  if (operation?.kind !== 'OperationDefinition' || operation.variableDefinitions?.length)
    throw new Error('public-query: one operation without variables');
  return `${operation.operation} ${operation.name?.value}${selections(operation.selectionSet)}`;
}

async function fetchPublicQuery<T>(document: TypedDocumentNode<T, Record<string, never>>): Promise<T> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    // As Apollo's link: the CSRF guard of Apollo Server refuses "simple" requests.
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query: printPublicQuery(document) }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: unknown[] };
  if (!response.ok || body.errors?.length || !body.data) throw new Error(`HTTP ${response.status}`);
  return body.data;
}

/**
 * The last answer to each query, per API source (so per app, and per test). When Apollo or Chakra
 * arrives while the home page is on screen (a logged-in visitor's session monitor loads Apollo), the
 * app's providers are added around the page and it is drawn anew: its sections then start from
 * what they had, not from placeholders, while they ask again.
 */
const answers = new WeakMap<ApiSource, Map<object, unknown>>();
const answersOf = (api: ApiSource) => {
  let known = answers.get(api);
  if (!known) {
    known = new Map();
    answers.set(api, known);
  }
  return known;
};

export interface PublicQueryState<T> {
  data?: T;
  loading: boolean;
  error: boolean;
  refetch: () => void;
}

/** A public query's answer, loading flag and failure, and a way to try again. */
export function usePublicQuery<T>(
  document: TypedDocumentNode<T, Record<string, never>>,
): PublicQueryState<T> {
  const api = useApiSource();
  const [state, setState] = useState<{ data?: T; loading: boolean; error: boolean }>(() => ({
    data: answersOf(api).get(document) as T | undefined,
    loading: true,
    error: false,
  }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // A dependency: each retry runs the query again.
    void attempt;
    let current = true;
    setState((before) => ({ ...before, loading: true }));
    const apollo = api.loaded?.client;
    const answer = apollo
      ? apollo.query({ query: document }).then(({ data }) => {
          if (!data) throw new Error('no data');
          return data as T;
        })
      : fetchPublicQuery(document);
    answer.then(
      (data) => {
        answersOf(api).set(document, data);
        if (current) setState({ data, loading: false, error: false });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setState((before) => ({ ...before, loading: false, error: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [api, document, attempt]);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, refetch };
}
