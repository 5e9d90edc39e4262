import type { ApolloClient } from '@apollo/client';
import { LogoutMutation, RefreshTokenMutation, SessionCheckQuery } from './session.operations';
import { USER_ACTIVE_HEADER } from './session-constants';
import type { SessionApi } from './session-monitor';

function activityHeaders(userActive: boolean): Record<string, string> {
  return userActive ? { [USER_ACTIVE_HEADER]: '1' } : {};
}

/** The session monitor's calls over GraphQL. None goes through the cache. */
export function createSessionApi(client: ApolloClient): SessionApi {
  return {
    async refresh(userActive) {
      const { data } = await client.mutate({
        mutation: RefreshTokenMutation,
        context: { headers: activityHeaders(userActive) },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('refreshToken returned no data');
      return data.refreshToken;
    },
    async check(userActive) {
      const { data } = await client.query({
        query: SessionCheckQuery,
        context: { headers: activityHeaders(userActive) },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('sessionCheck returned no data');
      return { xlock: data.sessionCheck.xlock ?? null };
    },
    end: (token) => logoutOnServer(client, token),
  };
}

/**
 * Ends the session on the server. The token is passed explicitly because the store may already
 * have stopped sending it; failures are ignored as the session may have ended there already.
 */
export async function logoutOnServer(client: ApolloClient, token: string | null): Promise<void> {
  if (!token) return;
  try {
    await client.mutate({
      mutation: LogoutMutation,
      context: { headers: { authorization: `Bearer ${token}` } },
      fetchPolicy: 'no-cache',
    });
  } catch {
    // Already ended (duplicate login, transfer, expiry) or offline: the local logout goes on.
  }
}
