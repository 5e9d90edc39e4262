import { ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DemoAccountsQuery } from '../features/auth';
import { ApiSourceProvider, readyApiSource } from '../platform/api-client';
import { createApolloClient } from '../platform/apollo';
import { AppProviders } from '../platform/app-providers';
import { SessionProvider } from '../platform/session/session-context';
import { SessionStore } from '../platform/session/session-store';
import { createAppRouter } from '../router';

// Every login page asks for the demo accounts; tests get none unless they mock the query themselves
// (their mocks come first, so theirs wins).
const NO_DEMO_ACCOUNTS: MockLink.MockedResponse = {
  request: { query: DemoAccountsQuery },
  result: { data: { demoAccounts: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export interface RenderOptions {
  mocks?: readonly MockLink.MockedResponse[];
  /** The session to start with; a fresh store over the test's localStorage by default. */
  session?: SessionStore;
  /** Hears every operation as it leaves for the (mocked) server, e.g. to read its headers. */
  onOperation?: (operation: ApolloLink.Operation) => void;
}

/** The MockLink in place of HTTP, behind a link that lets a test hear each operation. */
function mockServer(mocks: readonly MockLink.MockedResponse[], onOperation?: RenderOptions['onOperation']) {
  const mock = new MockLink([...mocks, NO_DEMO_ACCOUNTS]);
  if (!onOperation) return mock;
  return new ApolloLink((operation, forward) => {
    onOperation(operation);
    return forward(operation);
  }).concat(mock);
}

/**
 * Renders a component with the app's providers. The Apollo client is the app's own, session links
 * included, with a MockLink in place of HTTP, so bearer headers and 401 handling run as in the app.
 */
export function renderWithProviders(
  ui: ReactNode,
  { mocks = [], session = new SessionStore(), onOperation }: RenderOptions = {},
) {
  const apolloClient = createApolloClient({ session, terminatingLink: mockServer(mocks, onOperation) });
  const api = readyApiSource({ client: apolloClient, Provider: ApolloProvider });
  const result = render(
    <ApolloProvider client={apolloClient}>
      <ApiSourceProvider source={api}>
        <SessionProvider store={session}>
          <AppProviders>{ui}</AppProviders>
        </SessionProvider>
      </ApiSourceProvider>
    </ApolloProvider>,
  );
  return { ...result, apolloClient, session };
}

/** Renders the real route tree at `path` in memory, as the browser would show it. */
export function renderRoute(
  path: string,
  { mocks = [], session = new SessionStore(), onOperation }: RenderOptions = {},
) {
  const apolloClient = createApolloClient({ session, terminatingLink: mockServer(mocks, onOperation) });
  const api = readyApiSource({ client: apolloClient, Provider: ApolloProvider });
  const router = createAppRouter({
    api,
    session,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(
    <ApiSourceProvider source={api}>
      <SessionProvider store={session}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </SessionProvider>
    </ApiSourceProvider>,
  );
  return { ...result, apolloClient, session, router };
}
