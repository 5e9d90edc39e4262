// What the lazy API source (api-client.tsx) loads: Apollo's client factory and its React provider.
export { ApolloProvider } from '@apollo/client/react';
export { createApolloClient } from './apollo';
