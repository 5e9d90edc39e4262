import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiSource } from '../api-client';
import { loadChakra, RequireChakra } from '../chakra-zone';
import { resolveIdleLimitMs } from './idle-limit';
import { createSessionApi, logoutOnServer } from './session-api';
import { useSessionSnapshot, useSessionStore } from './session-context';
import { SessionMonitor } from './session-monitor';
import { SESSION_KEYS } from './session-storage';
import type { AutoLogoutReason } from './session-types';
import { useLogout } from './use-logout';

// Shown only when a session ends by itself; its dialog code loads then.
const AutoLogoutDialog = lazy(() =>
  import('./auto-logout-dialog').then((module) => ({ default: module.AutoLogoutDialog })),
);

const UNAUTHORIZED_TOAST_ID = 'session-unauthorized';
const STORED_SESSION_KEYS = new Set<string>(Object.values(SESSION_KEYS));

/**
 * Mounted once inside the router: runs the session timers while someone is logged in, follows other
 * tabs, and shows how a session ends (the automatic-logout modal or the sticky 401 toast).
 */
export function SessionGuardian() {
  const store = useSessionStore();
  const { session, ending } = useSessionSnapshot();
  const api = useApiSource();
  const router = useRouter();
  const logout = useLogout();
  const { t } = useTranslation();
  const active = Boolean(session) && !ending;

  const autoLogout = useCallback(
    (reason: AutoLogoutReason) => {
      const token = store.session?.token ?? null;
      if (!store.beginEnding({ type: 'auto', reason })) return;
      // The server still holds the session after a client-side idle logout or a failed refresh;
      // end it now rather than when (or if) the person confirms the modal.
      if (reason === 'idle' || reason === 'refresh')
        void api.client().then((client) => logoutOnServer(client, token));
    },
    [store, api],
  );

  useEffect(() => {
    if (!active) return;
    // A logged-in person's pages load Apollo anyway; the monitor starts once it is there.
    let monitor: SessionMonitor | null = null;
    let stopped = false;
    void api.client().then((client) => {
      if (stopped) return;
      monitor = new SessionMonitor({
        store,
        api: createSessionApi(client),
        idleLimitMs: resolveIdleLimitMs(),
        onAutoLogout: autoLogout,
        activityTarget: window,
      });
      monitor.start();
    });
    return () => {
      stopped = true;
      monitor?.stop();
    };
  }, [active, store, api, autoLogout]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !STORED_SESSION_KEYS.has(event.key)) return;
      const before = store.session;
      store.syncFromStorage();
      // Logged out or in as someone else in another tab: let the guards decide what this tab shows.
      if (store.session?.user.userId !== before?.user.userId) void router.invalidate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store, router]);

  const toastShown = useRef(false);
  useEffect(() => {
    if (ending?.type !== 'unauthorized') {
      toastShown.current = false;
      return;
    }
    if (toastShown.current) return;
    toastShown.current = true;
    let loggedOut = false;
    // The toaster is Chakra's; its code (and Chakra, for the toasts' view) loads with the first toast.
    void Promise.all([import('../../ui/toaster'), loadChakra()]).then(([{ toaster }]) =>
      toaster.create({
        id: UNAUTHORIZED_TOAST_ID,
        type: 'error',
        title: t('session.unauthorized'),
        duration: Number.POSITIVE_INFINITY,
        closable: true,
        // Specification sec. 8: the user is logged out when the toast is dismissed. 'dismissing' is the
        // moment of the click; 'unmounted' follows after the exit transition, so log out only once.
        onStatusChange: ({ status }) => {
          if (status === 'visible' || loggedOut) return;
          loggedOut = true;
          void logout();
        },
      }),
    );
  }, [ending, t, logout]);

  if (ending?.type !== 'auto') return null;
  return (
    <RequireChakra>
      <Suspense fallback={null}>
        <AutoLogoutDialog reason={ending.reason} onConfirm={() => void logout({ callServer: false })} />
      </Suspense>
    </RequireChakra>
  );
}
