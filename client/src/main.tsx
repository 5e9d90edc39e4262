import './platform/fonts.css';
import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApolloClient } from './platform/apollo';
import { AppProviders } from './platform/app-providers';
import { createAppRouter } from './router';

const apolloClient = createApolloClient();
const router = createAppRouter({ apolloClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ApolloProvider client={apolloClient}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ApolloProvider>
  </StrictMode>,
);
