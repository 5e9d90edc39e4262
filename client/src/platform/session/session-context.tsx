import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { SessionStore } from './session-store';
import type { SessionSnapshot } from './session-types';

const SessionContext = createContext<SessionStore | null>(null);

/** Makes the app's session store available to components; the router gets the same store in its context. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore needs a <SessionProvider> above it');
  return store;
}

/** The current session, re-rendering on login, refresh and logout. */
export function useSessionSnapshot(): SessionSnapshot {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
