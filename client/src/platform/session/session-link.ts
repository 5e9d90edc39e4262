import { ApolloLink, CombinedGraphQLErrors, type ErrorLike } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { Observable, type Subscription } from 'rxjs';
import { sessionErrorOf } from './session-errors';
import type { SessionStore } from './session-store';

type Headers = Record<string, string>;

// Operations whose failure the caller handles itself: logout may fail once the server ended the
// session, and a failed refresh logs out with the refresh message (the session monitor does that).
const CALLER_HANDLES_401 = new Set(['Logout', 'RefreshToken']);

/**
 * Adds `Authorization: Bearer` (unless the operation set its own) and the current menu code, and
 * turns session-ending 401s into the automatic-logout modal or the sticky 401 toast.
 */
export function createSessionLink(store: SessionStore): ApolloLink {
  const authLink = new SetContextLink((previous) => ({
    headers: sessionHeaders(store, previous.headers as Headers | undefined),
  }));

  const errorLink = new ErrorLink(({ error, result, operation, forward }) => {
    const headers = operation.getContext().headers as Headers | undefined;
    // Only calls made with a token say anything about the session; an anonymous 401 is the caller's.
    if (!hasAuthorization(headers)) return;
    const callerHandles401 = CALLER_HANDLES_401.has(operation.operationName ?? '');
    const sent = bearerOf(headers);
    if (callerHandles401 || !sent || sessionErrorOf(error) !== 'unauthorized') {
      endSessionOnError(store, error, callerHandles401);
      return;
    }
    // A refresh ends the token it replaces at once: a call that went with the old token while the
    // refresh was under way (here or in another tab) is sent again with the new one, once.
    return new Observable<ApolloLink.Result>((observer) => {
      let retry: Subscription | undefined;
      let closed = false;
      void store.replacementFor(sent).then((token) => {
        if (closed) return;
        if (!token) {
          endSessionOnError(store, error);
          if (result) {
            observer.next(result);
            observer.complete();
          } else observer.error(error);
          return;
        }
        operation.setContext({ headers: { ...headers, authorization: `Bearer ${token}` } });
        retry = forward(operation).subscribe({
          next: (again) => {
            if (again.errors?.length)
              endSessionOnError(store, new CombinedGraphQLErrors(again, again.errors));
            observer.next(again);
          },
          error: (failure) => {
            endSessionOnError(store, failure as ErrorLike);
            observer.error(failure);
          },
          complete: () => observer.complete(),
        });
      });
      return () => {
        closed = true;
        retry?.unsubscribe();
      };
    });
  });

  return ApolloLink.from([errorLink, authLink]);
}

/** The bearer token of a call's headers, if any. */
export function bearerOf(headers: Headers | undefined): string | null {
  const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === 'authorization');
  const value = name ? headers?.[name] : undefined;
  return /^Bearer\s+(\S+)$/i.exec(value ?? '')?.[1] ?? null;
}

/**
 * What a failed call made with the session's token does to the session: the duplicate-login and
 * transferred-user modals, the idle logout or the sticky 401 toast. GraphQL calls (the link above)
 * and REST calls (platform/api-fetch.ts) both come here.
 */
export function endSessionOnError(store: SessionStore, error: ErrorLike, callerHandles401 = false): void {
  const kind = sessionErrorOf(error);
  if (!kind) return;
  if (kind === 'duplicate') store.beginEnding({ type: 'auto', reason: 'duplicate' });
  else if (kind === 'transferred') store.beginEnding({ type: 'auto', reason: 'transferred' });
  else if (callerHandles401) return;
  else if (kind === 'idle') store.beginEnding({ type: 'auto', reason: 'idle' });
  else store.beginEnding({ type: 'unauthorized' });
}

/** The headers every call made for the session carries: the bearer token and the current menu code. */
export function sessionHeaders(store: SessionStore, headers: Headers = {}): Headers {
  const result: Headers = { ...headers };
  const token = store.authToken();
  if (token && !hasAuthorization(result)) result.authorization = `Bearer ${token}`;
  // Specification sec. 7 sends menuCode with every call; the Thai menu name cannot travel in an
  // HTTP header, and the server looks the name up from the code.
  const menuCode = store.currentMenuCode();
  if (menuCode && result.authorization) result['x-menu-code'] = menuCode;
  return result;
}

function hasAuthorization(headers: Headers | undefined): boolean {
  return Boolean(headers && Object.keys(headers).some((name) => name.toLowerCase() === 'authorization'));
}
