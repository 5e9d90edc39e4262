import './platform/fonts.css';
import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApolloClient } from './platform/apollo';
import { AppProviders } from './platform/app-providers';
import { SessionProvider } from './platform/session/session-context';
import { SessionStore } from './platform/session/session-store';
import { loadStartupLists } from './platform/startup-lists';
import { createAppRouter } from './router';

void loadStartupLists();
const session = new SessionStore();
const apolloClient = createApolloClient({ session });
const router = createAppRouter({ apolloClient, session });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ApolloProvider client={apolloClient}>
      <SessionProvider store={session}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </SessionProvider>
    </ApolloProvider>
  </StrictMode>,
);
