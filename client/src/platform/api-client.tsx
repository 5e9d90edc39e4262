import type { ApolloClient } from '@apollo/client';
import { type ComponentType, createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { SessionStore } from './session/session-store';

// Apollo Client (about 50 KiB gzipped) is not in the home page's first load: the home page reads its
// public figures with one plain fetch (platform/public-query.ts). Apollo loads when a page that
// needs it is about to render (the root route's beforeLoad, for every path but the plain pages of platform/plain-pages.ts), when a session
// call needs it (the session monitor of a logged-in person, logout), or when the browser is idle.

/** Apollo's client and its React provider, once their code has loaded. */
export interface LoadedApi {
  client: ApolloClient;
  Provider: ComponentType<{ client: ApolloClient; children: ReactNode }>;
}

/** Where the app's one Apollo client comes from: loaded on first need, then the same one. */
export interface ApiSource {
  /** The client and provider once loaded, else null. */
  readonly loaded: LoadedApi | null;
  load(): Promise<LoadedApi>;
  client(): Promise<ApolloClient>;
  subscribe(listener: () => void): () => void;
}

function sourceOf(start: () => Promise<LoadedApi>, initial: LoadedApi | null = null): ApiSource {
  let loaded = initial;
  let pending: Promise<LoadedApi> | null = initial ? Promise.resolve(initial) : null;
  const listeners = new Set<() => void>();
  const load = () => {
    pending ??= start().then((api) => {
      loaded = api;
      for (const listener of listeners) listener();
      return api;
    });
    return pending;
  };
  return {
    get loaded() {
      return loaded;
    },
    load,
    client: () => load().then((api) => api.client),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's source: Apollo's code and the client (with the session links) load on first need. */
export function lazyApiSource(session: SessionStore): ApiSource {
  return sourceOf(() =>
    import('./apollo-runtime').then(({ createApolloClient, ApolloProvider }) => ({
      client: createApolloClient({ session }),
      Provider: ApolloProvider,
    })),
  );
}

/** A source over a client made already (tests, the build's prerender). */
export function readyApiSource(api: LoadedApi): ApiSource {
  return sourceOf(() => Promise.resolve(api), api);
}

const ApiSourceContext = createContext<ApiSource | null>(null);

export function ApiSourceProvider({ source, children }: { source: ApiSource; children: ReactNode }) {
  return <ApiSourceContext.Provider value={source}>{children}</ApiSourceContext.Provider>;
}

export function useApiSource(): ApiSource {
  const source = useContext(ApiSourceContext);
  if (!source) throw new Error('useApiSource needs an <ApiSourceProvider> above it');
  return source;
}

/** The loaded Apollo client and provider, re-rendering when they arrive; null until then. */
export function useLoadedApi(): LoadedApi | null {
  const source = useApiSource();
  return useSyncExternalStore(
    source.subscribe,
    () => source.loaded,
    () => source.loaded,
  );
}
