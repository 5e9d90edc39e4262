import { ApolloLink, gql } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { fakeJwt, staffUser } from '../../testing/session-fixtures';
import { createApolloClient } from '../apollo';
import { SessionStore } from './session-store';

type Reply = {
  data: Record<string, unknown> | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
};

/** A fake server: records the headers of each call and answers with `reply`. */
function fakeServer(reply: Reply) {
  const headers: Record<string, string>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        headers.push({ ...(operation.getContext().headers as Record<string, string>) });
        observer.next(reply as ApolloLink.Result);
        observer.complete();
      }),
  );
  return { link, headers };
}

const PING = gql`
  query Ping {
    ping
  }
`;

const sessionEnded = (code: string) => ({
  data: null,
  errors: [{ message: code, extensions: { code, status: 401, messageTh: 'th', messageEn: 'en' } }],
});

function loggedIn() {
  const store = new SessionStore();
  const token = fakeJwt(Date.now() + 60_000);
  store.signIn({ token, user: staffUser() });
  return { store, token };
}

describe('session link', () => {
  it('sends the bearer token and the current menu code', async () => {
    const { store, token } = loggedIn();
    store.setCurrentMenu({ code: 'MN-002', name: 'ดูข้อมูลผู้ใช้งาน' });
    const server = fakeServer({ data: { ping: 'pong' } });
    const client = createApolloClient({ session: store, terminatingLink: server.link });

    await client.query({ query: PING });

    expect(server.headers[0]?.authorization).toBe(`Bearer ${token}`);
    expect(server.headers[0]?.['x-menu-code']).toBe('MN-002');
  });

  it('sends nothing when nobody is logged in, and leaves an anonymous 401 to the caller', async () => {
    const store = new SessionStore();
    const server = fakeServer(sessionEnded('UNAUTHENTICATED'));
    const client = createApolloClient({ session: store, terminatingLink: server.link });

    await expect(client.query({ query: PING })).rejects.toThrow();
    expect(server.headers[0]?.authorization).toBeUndefined();
    expect(store.ending).toBeNull();
  });

  it.each([
    ['DUPLICATE_LOGIN', { type: 'auto', reason: 'duplicate' }],
    ['TRANSFERD_USER', { type: 'auto', reason: 'transferred' }],
    ['SESSION_IDLE', { type: 'auto', reason: 'idle' }],
    ['SESSION_EXPIRED', { type: 'unauthorized' }],
    ['INVALID_TOKEN', { type: 'unauthorized' }],
  ])('turns a 401 %s on an authenticated call into %o', async (code, ending) => {
    const { store } = loggedIn();
    const client = createApolloClient({
      session: store,
      terminatingLink: fakeServer(sessionEnded(code)).link,
    });

    await expect(client.query({ query: PING })).rejects.toThrow();
    expect(store.ending).toEqual(ending);
  });

  it('leaves other errors, such as FORBIDDEN, to the screen', async () => {
    const { store } = loggedIn();
    const forbidden = {
      data: null,
      errors: [{ message: 'no', extensions: { code: 'FORBIDDEN', status: 403 } }],
    };
    const client = createApolloClient({ session: store, terminatingLink: fakeServer(forbidden).link });

    await expect(client.query({ query: PING })).rejects.toThrow();
    expect(store.ending).toBeNull();
  });

  it('sends a call refused because a refresh replaced its token once more, with the new token, and keeps the session', async () => {
    const { store, token } = loggedIn();
    const next = fakeJwt(Date.now() + 15 * 60_000, { jti: 'second' });
    const headers: Record<string, string>[] = [];
    // The server took the refresh first: the call with the old token is refused as ended; the
    // refresh's answer reaches this tab a moment later.
    store.setRefreshing(true);
    const server = new ApolloLink(
      (operation) =>
        new Observable((observer) => {
          const sent = { ...(operation.getContext().headers as Record<string, string>) };
          headers.push(sent);
          if (sent.authorization === `Bearer ${token}`) {
            setTimeout(() => {
              store.refreshed({ token: next, user: staffUser() });
              store.setRefreshing(false);
            }, 30);
            observer.next(sessionEnded('SESSION_ENDED') as ApolloLink.Result);
          } else observer.next({ data: { ping: 'pong' } });
          observer.complete();
        }),
    );
    const client = createApolloClient({ session: store, terminatingLink: server });

    const { data } = await client.query({ query: PING, fetchPolicy: 'no-cache' });
    expect(data).toEqual({ ping: 'pong' });
    expect(headers.map((h) => h.authorization)).toEqual([`Bearer ${token}`, `Bearer ${next}`]);
    expect(store.ending).toBeNull();
  });

  it('still ends the session when no refresh replaced the token', async () => {
    const { store } = loggedIn();
    const server = fakeServer(sessionEnded('SESSION_ENDED'));
    const client = createApolloClient({ session: store, terminatingLink: server.link });

    await expect(client.query({ query: PING })).rejects.toThrow();
    expect(server.headers).toHaveLength(1);
    expect(store.ending).toEqual({ type: 'unauthorized' });
  });
});
