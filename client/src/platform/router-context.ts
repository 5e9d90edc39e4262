import type { ApolloClient } from '@apollo/client';
import type { SessionStore } from './session/session-store';

/** What every route's beforeLoad and loader receive: the API client and who is logged in. */
export interface RouterContext {
  apolloClient: ApolloClient;
  session: SessionStore;
}
