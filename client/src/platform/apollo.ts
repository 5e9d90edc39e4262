import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

export const GRAPHQL_PATH = '/graphql';

export interface ApolloClientOptions {
  /** Replaced in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  uri?: string;
}

/**
 * The one Apollo Client of the app. Same-origin '/graphql': the Vite dev server proxies it and in
 * production the reverse proxy does, so cookies and CSP stay simple.
 */
export function createApolloClient(options: ApolloClientOptions = {}): ApolloClient {
  const link = new HttpLink({
    uri: options.uri ?? GRAPHQL_PATH,
    credentials: 'same-origin',
    // Apollo Server's CSRF prevention rejects "simple" requests (a GET with no custom header could
    // be sent cross-site by any page); this header makes every request non-simple.
    headers: { 'apollo-require-preflight': 'true' },
    fetch: options.fetch,
  });
  return new ApolloClient({ link, cache: new InMemoryCache() });
}
