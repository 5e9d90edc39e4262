import { ApolloClient, type ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { mutationEventsLink } from './mutation-events';
import { createSessionLink } from './session/session-link';
import type { SessionStore } from './session/session-store';

export const GRAPHQL_PATH = '/graphql';

export interface ApolloClientOptions {
  /** Adds the bearer token and handles session-ending errors; omitted only by anonymous tools. */
  session?: SessionStore;
  /** Replaced in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  uri?: string;
  /** Replaces the HTTP link (tests pass a MockLink so the session links run as in the app). */
  terminatingLink?: ApolloLink;
}

/**
 * Reference items are numbered per type (counting unit 1 and resource 1 are different items), and
 * their GraphQL type does not carry the type's name, so they are cached inside their lists only.
 * Documents are numbered per type too but carry it, so they are kept by type and id; their lines
 * (numbered per type, without it) stay inside their document.
 */
const typePolicies = {
  ReferenceItem: { keyFields: false },
  ReferenceOptionItem: { keyFields: false },
  Document: { keyFields: ['type', 'id'] },
  DocumentLine: { keyFields: false },
} as const;

/**
 * The one Apollo Client of the app. Same-origin '/graphql': the Vite dev server proxies it and in
 * production the reverse proxy does, so cookies and CSP stay simple.
 */
export function createApolloClient(options: ApolloClientOptions = {}): ApolloClient {
  const http =
    options.terminatingLink ??
    new HttpLink({
      uri: options.uri ?? GRAPHQL_PATH,
      credentials: 'same-origin',
      // Apollo Server's CSRF prevention rejects "simple" requests (a GET with no custom header could
      // be sent cross-site by any page); this header makes every request non-simple.
      headers: { 'apollo-require-preflight': 'true' },
      fetch: options.fetch,
    });
  const link = mutationEventsLink.concat(
    options.session ? createSessionLink(options.session).concat(http) : http,
  );
  return new ApolloClient({ link, cache: new InMemoryCache({ typePolicies }) });
}
