import { ServerError } from '@apollo/client';
import { useCallback } from 'react';
import { useSessionStore } from './session/session-context';
import { sessionErrorOf } from './session/session-errors';
import { bearerOf, endSessionOnError, sessionHeaders } from './session/session-link';
import type { SessionStore } from './session/session-store';

/**
 * A REST call (/api/...) made for the session, as the Apollo link makes GraphQL calls: the bearer
 * token and the current menu code go with it, and a session-ending 401 opens the same modal or
 * toast. A refusal is thrown as Apollo's ServerError carrying the server's JSON body, so
 * `apiErrorMessage` and `apiErrorCode` (api-errors.ts) read it like any other failure.
 */
export async function apiFetch(store: SessionStore, url: string, init: RequestInit = {}): Promise<Response> {
  const given = Object.fromEntries(new Headers(init.headers).entries());
  const send = async (extra: Record<string, string> = {}) => {
    const headers = sessionHeaders(store, { ...given, ...extra });
    const response = await fetch(url, { ...init, headers, credentials: 'same-origin' });
    if (response.ok) return { response, headers, error: null };
    const bodyText = await response.text();
    return { response, headers, error: new ServerError(`HTTP ${response.status}`, { response, bodyText }) };
  };
  let sent = await send();
  // A call that went with a token a refresh has since replaced is sent again with the new one, once
  // (the GraphQL calls do the same, session-link.ts).
  const token = bearerOf(sent.headers);
  if (sent.error && token && sessionErrorOf(sent.error) === 'unauthorized') {
    const replacement = await store.replacementFor(token);
    if (replacement) sent = await send({ authorization: `Bearer ${replacement}` });
  }
  if (!sent.error) return sent.response;
  if (sent.headers.authorization) endSessionOnError(store, sent.error);
  throw sent.error;
}

/** apiFetch bound to the session of the component that uses it. */
export function useApiFetch(): (url: string, init?: RequestInit) => Promise<Response> {
  const store = useSessionStore();
  // The same function while the session store is the same, so effects that fetch with it run once.
  return useCallback((url, init) => apiFetch(store, url, init), [store]);
}
