import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type ApiSource, useApiSource } from '../../platform/api-client';

// The public pages' queries without Apollo Client (the home page, near me, the short-supply list), so
// their first load does without Apollo's ~50 KiB (platform/api-client.tsx): one POST to /graphql
// each, as Apollo's HTTP link sends it. Once Apollo has loaded (the visitor came back from another
// page; the route tests), the queries go through it instead, sharing its cache.

interface Node {
  kind: string;
  value?: string;
  name?: Node;
  operation?: string;
  arguments?: readonly { name: Node; value: Node }[];
  selectionSet?: { selections: readonly Node[] };
  variableDefinitions?: readonly { variable: Node; type: Node; defaultValue?: Node }[];
  definitions?: readonly Node[];
  /** A variable's type (NamedType, NonNullType, ListType). */
  type?: Node;
}

const typeOf = (type: Node): string =>
  type.kind === 'NonNullType' && type.type
    ? `${typeOf(type.type)}!`
    : type.kind === 'ListType' && type.type
      ? `[${typeOf(type.type)}]`
      : String(type.name?.value);

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
          return `${field.name?.value}${args}${selections(field.selectionSet)}`;
        })
        .join(' ')}}`
    : '';

/**
 * The text of a query without fragments (the public pages'), from its document. Exported for the
 * tests that compare it with graphql-js's print.
 */
export function printPublicQuery(document: object): string {
  const [operation] = (document as unknown as Node).definitions ?? [];
  if (operation?.kind !== 'OperationDefinition') throw new Error('public-query: one operation');
  const variables = operation.variableDefinitions?.length
    ? `(${operation.variableDefinitions
        .map(({ variable, type, defaultValue }) => {
          const initial = defaultValue ? `=${literal(defaultValue)}` : '';
          return `$${variable.name?.value}:${typeOf(type)}${initial}`;
        })
        .join(',')})`
    : '';
  return `${operation.operation} ${operation.name?.value}${variables}${selections(operation.selectionSet)}`;
}

/** A query's variables: none, or an object of JSON values. */
type Variables = Record<string, unknown>;

async function fetchPublicQuery<T, V extends Variables>(
  document: TypedDocumentNode<T, V>,
  variables: V | undefined,
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
 * The last answer to each query and its variables, per API source (so per app, and per test). When
 * Apollo or Chakra arrives while a public page is on screen (a logged-in visitor's session monitor
 * loads Apollo), the app's providers are added around the page and it is drawn anew: its sections
 * then start from what they had, not from placeholders, while they ask again.
 */
const answers = new WeakMap<ApiSource, Map<object, Map<string, unknown>>>();
const answersOf = (api: ApiSource, document: object) => {
  let known = answers.get(api);
  if (!known) {
    known = new Map();
    answers.set(api, known);
  }
  let byVariables = known.get(document);
  if (!byVariables) {
    byVariables = new Map();
    known.set(document, byVariables);
  }
  return byVariables;
};

export interface PublicQueryState<T> {
  data?: T;
  loading: boolean;
  error: boolean;
  refetch: () => void;
}

interface QueryState<T> {
  /** The variables (as JSON) the state is for. */
  key: string;
  data?: T;
  loading: boolean;
  error: boolean;
}

/**
 * A public query's answer, loading flag and failure, and a way to try again. New variables (another
 * province chosen) start from their last answer, if any, while the query runs again.
 */
export function usePublicQuery<T, V extends Variables = Record<string, never>>(
  document: TypedDocumentNode<T, V>,
  variables?: V,
): PublicQueryState<T> {
  const api = useApiSource();
  const key = variables ? JSON.stringify(variables) : '';
  const initial = (): QueryState<T> => ({
    key,
    data: answersOf(api, document).get(key) as T | undefined,
    loading: true,
    error: false,
  });
  const [stored, setState] = useState<QueryState<T>>(initial);
  const state = stored.key === key ? stored : initial();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // A dependency: each retry runs the query again.
    void attempt;
    let current = true;
    const vars = key ? (JSON.parse(key) as V) : undefined;
    setState((before) =>
      before.key === key
        ? { ...before, loading: true }
        : { key, data: answersOf(api, document).get(key) as T | undefined, loading: true, error: false },
    );
    const apollo = api.loaded?.client;
    const answer = apollo
      ? apollo.query({ query: document, ...(vars ? { variables: vars } : {}) } as never).then(({ data }) => {
          if (!data) throw new Error('no data');
          return data as T;
        })
      : fetchPublicQuery(document, vars);
    answer.then(
      (data) => {
        answersOf(api, document).set(key, data);
        if (current) setState({ key, data, loading: false, error: false });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setState((before) => ({ ...before, key, loading: false, error: true }));
      },
    );
    return () => {
      current = false;
    };
  }, [api, document, key, attempt]);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  const { data, loading, error } = state;
  // The same object while nothing changes, so a page may defer it (useDeferredValue) without a
  // second render each time it renders.
  return useMemo(() => ({ data, loading, error, refetch }), [data, loading, error, refetch]);
}
