import { ApolloClient, type ApolloLink, HttpLink, InMemoryCache, type TypePolicies } from '@apollo/client';
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
 * One identity per record (docs/decisions.md, "One identity per record"). The cache keys an object by
 * __typename and id unless told here; the server states what names a record of each type
 * (`@identity(by: ...)` in schema.graphql) and cache-identity.test.ts checks that this list agrees:
 *
 * - types whose records are of several kinds (tables) numbered apart (a goods donation 5 and a money
 *   donation 5) are keyed by their kind field and id, so one is never shown for the other;
 * - types numbered within what they are read through, without a kind field (a document's lines,
 *   a reference type's items), are not kept on their own: each stays inside its parent;
 * - every other type has ids of one kind, and __typename and id are enough.
 */
export const typePolicies = {
  Document: { keyFields: ['type', 'id'] },
  DocumentLink: { keyFields: ['type', 'id'] },
  DonationHistoryRow: { keyFields: ['documentType', 'id'] },
  EDonationRow: { keyFields: ['documentType', 'id'] },
  EligibleDonation: { keyFields: ['documentType', 'id'] },
  MyDonation: { keyFields: ['documentType', 'id'] },
  ReceiptRequestDonation: { keyFields: ['documentType', 'id'] },
  RoyalDecorationDonationChoice: { keyFields: ['documentType', 'id'] },
  ThanksLetterRow: { keyFields: ['documentType', 'id'] },
  // One record waiting in one status: an overdue e-Donation row waits as OVERDUE, since its due day.
  PendingWorkItem: { keyFields: ['documentType', 'id', 'status'] },
  DocumentLine: { keyFields: false },
  ReferenceItem: { keyFields: false },
  ReferenceOptionItem: { keyFields: false },
} satisfies TypePolicies;

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
