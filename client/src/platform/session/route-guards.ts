import { redirect } from '@tanstack/react-router';
import type { CatalogueEntry } from '../menu-catalogue';
import type { RouterContext } from '../router-context';
import { CheckMenuAccessQuery } from './session.operations';

/** Back-office pages that work without login (specification sec. 2, "Back office, not logged in"). */
export const BACKOFFICE_GUEST_PATHS: ReadonlySet<string> = new Set([
  '/backoffice',
  '/backoffice/login',
  '/backoffice/forgot-password',
  '/backoffice/reset-password',
  '/backoffice/register',
  '/backoffice/redirect',
]);

/** Any other back-office path needs a staff login; without one it goes to /backoffice/login. */
export function requireStaffOrGuestPath(context: RouterContext, pathname: string): void {
  if (context.session.staff) return;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!BACKOFFICE_GUEST_PATHS.has(path)) throw redirect({ to: '/backoffice/login', replace: true });
}

/** Pages only for people not logged in (login, registration) send a logged-in staff user to the welcome page. */
export function redirectLoggedInStaff(context: RouterContext): void {
  if (context.session.staff) throw redirect({ to: '/backoffice', replace: true });
}

/**
 * /user/donation-history needs a valid internet-user record and an unexpired internet token;
 * otherwise the tokens are cleared and the person is sent to /login (specification sec. 2).
 */
export function requireDonor(context: RouterContext): void {
  if (context.session.donor) return;
  if (context.session.session?.kind === 'donor') context.session.clear();
  throw redirect({ to: '/login', replace: true });
}

/**
 * The per-menu permission check of every feature route /backoffice/{key}: the key must be in the
 * catalogue (else unknown: /), and the server must confirm the menu for this user (else a quiet
 * redirect to /backoffice). A check that fails with an error shows the 401 toast (sec. 8).
 */
export async function guardFeatureRoute(
  context: RouterContext,
  key: string,
  preload: boolean,
): Promise<CatalogueEntry> {
  // Route guards run in the app's first chunk; the catalogue (145 menus) loads with the first feature route.
  const { menuByKey } = await import('../menu-catalogue');
  const entry = menuByKey(key);
  if (!entry) throw redirect({ to: '/', replace: true });
  const client = await context.api.client();
  let allowed = false;
  try {
    const { data } = await client.query({
      query: CheckMenuAccessQuery,
      variables: { menuCode: entry.code },
      fetchPolicy: 'no-cache',
    });
    allowed = data?.checkMenuAccess === true;
  } catch {
    if (!preload) context.session.beginEnding({ type: 'unauthorized' });
    throw redirect({ to: '/backoffice', replace: true });
  }
  if (!allowed) throw redirect({ to: '/backoffice', replace: true });
  if (!preload) context.session.setCurrentMenu({ code: entry.code, name: entry.nameTh });
  return entry;
}
