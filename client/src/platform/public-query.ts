import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type ApiSource, useApiSource } from './api-client';

// The public pages' queries without Apollo Client (the home page, near me, the short-supply list, the
// bank-transfer form), so their first load does without Apollo's ~50 KiB (platform/api-client.tsx):
// one POST to /graphql each, as Apollo's HTTP link sends it. Once Apollo has loaded (the visitor came
// back from another page; the route tests), the queries go through it instead, sharing its cache.

interface Node {
  kind: string;
  value?: string;
  name?: Node;
  alias?: Node;
  operation?: string;
  arguments?: readonly { name: Node; value: Node }[];
  selectionSet?: { selections: readonly Node[] };
  variableDefinitions?: readonly { variable: Node; type: Node; defaultValue?: Node }[];
  type?: Node;
  definitions?: readonly Node[];
}

const typeName = (type: Node): string => {
  if (type.kind === 'NonNullType' && type.type) return `${typeName(type.type)}!`;
  if (type.kind === 'ListType' && type.type) return `[${typeName(type.type)}]`;
  return String(type.name?.value);
};

const literal = (value: Node): string => {
  if (value.kind === 'Variable') return `$${value.name?.value}`;
  if (value.kind === 'NullValue') return 'null';
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
          return `${field.alias ? `${field.alias.value}:` : ''}${field.name?.value}${args}${selections(field.selectionSet)}`;
        })
        .join(' ')}}`
    : '';

/**
 * The text of a query without fragments (the public pages'), from its document: its variables
 * (with default values) and aliases. Exported for the test that compares it with graphql-js's print.
 */
export function printPublicQuery(document: object): string {
  const [operation] = (document as unknown as Node).definitions ?? [];
  if (operation?.kind !== 'OperationDefinition') throw new Error('public-query: one operation');
  const variables = operation.variableDefinitions?.length
    ? `(${operation.variableDefinitions
        .map(
          (v) =>
            `${literal(v.variable)}:${typeName(v.type)}${v.defaultValue ? `=${literal(v.defaultValue)}` : ''}`,
        )
        .join(',')})`
    : '';
  return `${operation.operation} ${operation.name?.value}${variables}${selections(operation.selectionSet)}`;
}

/** A query's variables, or none. */
type Variables = Record<string, unknown>;

async function fetchPublicQuery<T>(
  document: TypedDocumentNode<T, Variables>,
  variables?: Variables,
): Promise<T> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    // As Apollo's link: the CSRF guard of Apollo Server refuses "simple" requests.
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query: printPublicQuery(document), ...(variables ? { variables } : {}) }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: unknown[] };
  if (!response.ok || body.errors?.length || !body.data) throw new Error(`HTTP ${response.status}`);
  return body.data;
}

/**
 * The last answer to each query (and set of variables), per API source (so per app, and per test).
 * When Apollo or Chakra arrives while a public page is on screen (a logged-in visitor's session
 * monitor loads Apollo), the app's providers are added around the page and it is drawn anew: its
 * sections then start from what they had, not from placeholders, while they ask again.
 */
const answers = new WeakMap<ApiSource, Map<object, Map<string, unknown>>>();
const answersOf = (api: ApiSource, document: object) => {
  let byApi = answers.get(api);
  if (!byApi) {
    byApi = new Map();
    answers.set(api, byApi);
  }
  let byDocument = byApi.get(document);
  if (!byDocument) {
    byDocument = new Map();
    byApi.set(document, byDocument);
  }
  return byDocument;
};

export interface PublicQueryState<T> {
  data?: T;
  loading: boolean;
  error: boolean;
  refetch: () => void;
}

/** The key of a query that is not to run (its variables are null). */
const SKIPPED = 'skip';

/**
 * A public query's answer, loading flag and failure, and a way to try again. A query with variables
 * is given them (it runs again when they change), or null: it does not run meanwhile.
 */
export function usePublicQuery<T, V extends Variables = Record<string, never>>(
  document: TypedDocumentNode<T, V>,
  variables?: V | null,
): PublicQueryState<T> {
  const api = useApiSource();
  const key = variables === null ? SKIPPED : variables ? JSON.stringify(variables) : '';
  const [state, setState] = useState<{ key: string; data?: T; loading: boolean; error: boolean }>(() => ({
    key,
    data: answersOf(api, document).get(key) as T | undefined,
    loading: key !== SKIPPED,
    error: false,
  }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // A dependency: each retry runs the query again.
    void attempt;
    const known = answersOf(api, document).get(key) as T | undefined;
    if (key === SKIPPED) {
      setState({ key, loading: false, error: false });
      return;
    }
    let current = true;
    setState((before) => ({
      key,
      data: known ?? (before.key === key ? before.data : undefined),
      loading: true,
      error: false,
    }));
    const vars = key ? (JSON.parse(key) as Variables) : undefined;
    const query = document as TypedDocumentNode<T, Variables>;
    const apollo = api.loaded?.client;
    const answer = apollo
      ? apollo
          .query({ query, ...(vars ? { variables: vars } : {}) } as Parameters<typeof apollo.query>[0])
          .then(({ data }) => {
            if (!data) throw new Error('no data');
            return data as T;
          })
      : fetchPublicQuery(query, vars);
    answer.then(
      (data) => {
        answersOf(api, document).set(key, data);
        if (current) setState({ key, data, loading: false, error: false });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setState((before) => ({ ...before, loading: false, error: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [api, document, key, attempt]);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  const { data, loading, error } =
    state.key === key ? state : { data: undefined, loading: key !== SKIPPED, error: false };
  // The same object while nothing changed (the bank-transfer page defers on it: useDeferredValue).
  return useMemo(() => ({ data, loading, error, refetch }), [data, loading, error, refetch]);
}
