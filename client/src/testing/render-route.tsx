import { useApolloClient } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { AppProviders } from '../platform/app-providers';
import { createAppRouter } from '../router';

export interface RenderOptions {
  mocks?: readonly MockLink.MockedResponse[];
}

/** Renders a component with the app's theme and translations and mocked GraphQL responses. */
export function renderWithProviders(ui: ReactNode, { mocks = [] }: RenderOptions = {}) {
  return render(
    <MockedProvider mocks={mocks}>
      <AppProviders>{ui}</AppProviders>
    </MockedProvider>,
  );
}

/** Renders the real route tree at `path` in memory, as the browser would show it. */
export function renderRoute(path: string, options: RenderOptions = {}) {
  return renderWithProviders(<MemoryRouter path={path} />, options);
}

function MemoryRouter({ path }: { path: string }) {
  // The router context gets MockedProvider's client, the same one the components query through.
  const apolloClient = useApolloClient();
  const [router] = useState(() =>
    createAppRouter({ apolloClient, history: createMemoryHistory({ initialEntries: [path] }) }),
  );
  return <RouterProvider router={router} />;
}
