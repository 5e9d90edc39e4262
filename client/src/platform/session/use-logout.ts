import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useApiSource } from '../api-client';
import { externalLogoutUrl, resolveEnvironmentProfile } from './environment-profile';
import { logoutOnServer } from './session-api';
import { useSessionStore } from './session-context';

export interface LogoutOptions {
  /** False when the server already ended the session (automatic logouts call it themselves). */
  callServer?: boolean;
}

/**
 * Logs out: ends the server session, forgets the local one and the cached data, then leaves. Staff
 * go to the external site's /pdp/logout when the environment has one (specification sec. 2), else to
 * the back-office login; donors go to the public login.
 */
export function useLogout(): (options?: LogoutOptions) => Promise<void> {
  const store = useSessionStore();
  const api = useApiSource();
  const router = useRouter();
  return useCallback(
    async ({ callServer = true }: LogoutOptions = {}) => {
      const session = store.session;
      if (callServer && session?.token) await logoutOnServer(await api.client(), session.token);
      store.clear();
      // Nothing is cached when Apollo never loaded.
      await api.loaded?.client.clearStore();
      if (session?.kind === 'donor') {
        await router.navigate({ to: '/login', replace: true });
        return;
      }
      const external = externalLogoutUrl(resolveEnvironmentProfile());
      if (external) window.location.assign(external);
      else await router.navigate({ to: '/backoffice/login', replace: true });
    },
    [store, api, router],
  );
}
