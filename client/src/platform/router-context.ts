import type { ApolloClient } from '@apollo/client';

/** What every route's beforeLoad and loader receive; the session joins it with the identity work. */
export interface RouterContext {
  apolloClient: ApolloClient;
}
