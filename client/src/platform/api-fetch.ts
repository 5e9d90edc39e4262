import { ServerError } from '@apollo/client';
import { useCallback } from 'react';
import { useSessionStore } from './session/session-context';
import { endSessionOnError, sessionHeaders } from './session/session-link';
import type { SessionStore } from './session/session-store';

/**
 * A REST call (/api/...) made for the session, as the Apollo link makes GraphQL calls: the bearer
 * token and the current menu code go with it, and a session-ending 401 opens the same modal or
 * toast. A refusal is thrown as Apollo's ServerError carrying the server's JSON body, so
 * `apiErrorMessage` and `apiErrorCode` (api-errors.ts) read it like any other failure.
 */
export async function apiFetch(store: SessionStore, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = sessionHeaders(store, Object.fromEntries(new Headers(init.headers).entries()));
  const response = await fetch(url, { ...init, headers, credentials: 'same-origin' });
  if (response.ok) return response;
  const error = new ServerError(`HTTP ${response.status}`, { response, bodyText: await response.text() });
  if (headers.authorization) endSessionOnError(store, error);
  throw error;
}

/** apiFetch bound to the session of the component that uses it. */
export function useApiFetch(): (url: string, init?: RequestInit) => Promise<Response> {
  const store = useSessionStore();
  // The same function while the session store is the same, so effects that fetch with it run once.
  return useCallback((url, init) => apiFetch(store, url, init), [store]);
}
