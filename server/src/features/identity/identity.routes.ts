import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AppDeps } from '../../platform/deps';
import { notFound, sessionEnded } from '../../platform/errors';
import type { RestRoute } from '../../platform/http/rest';
import { bodySchema, int, optStr, Result, str } from '../../platform/http/rest-schema';
import { botTokenOf } from '../../platform/public-forms/public-form-gate';
import { AuthService, type LoginMeta } from './auth.service';
import { ExternalSiteService } from './external-site.service';
import { loggedInUser } from './logged-in-user';
import { PasswordService } from './password.service';

type Body = Record<string, unknown>;
// The address is the connection's (behind a proxy, with TRUST_PROXY, the visitor's): never the
// body's `ipaddr`, which the caller writes and throttling must not trust.
const meta = (request: FastifyRequest): LoginMeta => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  requestId: request.id,
  botToken: botTokenOf(request),
  log: request.log,
});

/** The legacy /api/auth and /api/user calls of specification sec. 7, on the identity services. */
export function identityRoutes(deps: AppDeps): RestRoute[] {
  return [...sessionRoutes(deps), ...externalSiteRoutes(), ...userDataRoutes(), ...passwordRoutes(deps)];
}

/** Logging in (staff, donors), refreshing the token, checking the session and logging out. */
function sessionRoutes(deps: AppDeps): RestRoute[] {
  const loginRoute = (url: string, kind: 'STAFF' | 'DONOR', schema: RestRoute['schema']): RestRoute => ({
    method: 'POST',
    url,
    access: { public: true },
    noStore: true,
    schema,
    async handler(request) {
      const b = request.body as Body;
      const r = await new AuthService(request.em, deps).login(
        kind,
        String(b.username),
        String(b.password),
        meta(request),
      );
      return { status: Result.SUCCESS, token: r.token, expiresAt: r.expiresAt, userdata: r.user };
    },
  });
  return [
    loginRoute(
      '/auth/login',
      'STAFF',
      bodySchema({ username: str(100), password: str(200), ipaddr: optStr(64) }, ['username', 'password']),
    ),
    loginRoute(
      '/auth/donor-login',
      'DONOR',
      bodySchema({ username: str(100), password: str(200) }, ['username', 'password']),
    ),
    {
      method: 'POST',
      url: '/auth/refresh-token',
      access: { public: true },
      noStore: true,
      schema: bodySchema({}),
      async handler(request) {
        const r = await new AuthService(request.em, deps).refresh(
          requirePrincipal(await request.authenticate()),
        );
        return { status: Result.SUCCESS, token: r.token, expiresAt: r.expiresAt };
      },
    },
    {
      method: 'POST',
      url: '/auth/reorganize-token',
      access: { public: true },
      noStore: true,
      schema: bodySchema({}),
      async handler(request) {
        const r = await new AuthService(request.em, deps).refresh(
          requirePrincipal(await request.authenticate()),
        );
        return { status: Result.SUCCESS, token: r.token, expiresAt: r.expiresAt, userdata: r.user };
      },
    },
    {
      method: 'POST',
      url: '/auth/auth',
      access: { public: true },
      schema: bodySchema({}),
      async handler(request) {
        const state = await request.authenticate();
        const check = await new AuthService(request.em, deps).sessionCheck(
          request.headers.authorization,
          state,
        );
        return { status: Result.SUCCESS, xlock: check.xlock, expiresAt: check.expiresAt };
      },
    },
    {
      method: 'POST',
      url: '/auth/logout',
      access: { public: true },
      schema: bodySchema({}),
      async handler(request) {
        const done = await new AuthService(request.em, deps).logout((await request.authenticate()).principal);
        return { status: done ? Result.SUCCESS : Result.FAIL };
      },
    },
  ];
}

/** The external food/report site's one-time token: issued to a user, exchanged once by the site. */
function externalSiteRoutes(): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/auth/external-token',
      access: { public: true },
      noStore: true,
      schema: bodySchema({ menu: str(6) }, ['menu']),
      async handler(request) {
        const b = request.body as Body;
        const token = await new ExternalSiteService(request.em).externalSiteToken(
          requirePrincipal(await request.authenticate()),
          String(b.menu),
        );
        return { status: Result.SUCCESS, token };
      },
    },
    {
      method: 'POST',
      url: '/auth/decrypt-token',
      access: { public: true },
      noStore: true,
      schema: bodySchema({ code: str(200) }, ['code']),
      async handler(request) {
        const data = await new ExternalSiteService(request.em).decryptToken(
          String((request.body as Body).code),
        );
        return { status: Result.SUCCESS, ...data };
      },
    },
  ];
}

/** The logged-in user's own data (spec sec. 7), for their token only. */
function userDataRoutes(): RestRoute[] {
  return [
    {
      // "User re-validation by userId and token" (spec sec. 7): is this token still this user's?
      method: 'POST',
      url: '/auth/revalidate',
      access: { public: true },
      schema: bodySchema({ userId: int(1) }, ['userId']),
      async handler(request) {
        const principal = requirePrincipal(await request.authenticate());
        if (Number((request.body as Body).userId) !== principal.userId) throw sessionEnded('INVALID_TOKEN');
        return {
          status: Result.SUCCESS,
          userdata: await loggedInUser(request.em, principal.userId),
        };
      },
    },
    {
      method: 'POST',
      url: '/user/get-userdata',
      access: { public: true },
      schema: bodySchema({ username: str(255) }, ['username']),
      async handler(request) {
        const principal = requirePrincipal(await request.authenticate());
        if (
          String((request.body as Body).username)
            .trim()
            .toLowerCase() !== principal.username
        )
          throw notFound(); // another user's record: answered as not found, revealing nothing
        return {
          status: Result.SUCCESS,
          userdata: await loggedInUser(request.em, principal.userId),
        };
      },
    },
  ];
}

/** Forgotten, reset and changed passwords. */
function passwordRoutes(deps: AppDeps): RestRoute[] {
  const forgotPasswordRoute = (url: string): RestRoute => ({
    method: 'POST',
    url,
    access: { public: true, form: true },
    schema: bodySchema({ email: str(255) }, ['email']),
    async handler(request) {
      await new PasswordService(request.em, deps).forgotPassword(String((request.body as Body).email));
      return { status: Result.SUCCESS };
    },
  });
  return [
    // The donors' "change password" call of the spec asks for a reset link by e-mail, like forgot-password.
    forgotPasswordRoute('/user/donor-change-password'),
    forgotPasswordRoute('/user/forgot-password'),
    {
      method: 'POST',
      url: '/user/reset-password',
      access: { public: true },
      schema: bodySchema({ token: str(200), newPassword: str(200) }, ['token', 'newPassword']),
      async handler(request) {
        const b = request.body as Body;
        await new PasswordService(request.em, deps).resetPassword(String(b.token), String(b.newPassword));
        return { status: Result.SUCCESS };
      },
    },
    {
      method: 'POST',
      url: '/user/change-password',
      access: { menu: ['MN-007'] },
      schema: bodySchema({ currentPassword: str(200), newPassword: str(200) }, [
        'currentPassword',
        'newPassword',
      ]),
      async handler(request) {
        const b = request.body as Body;
        const principal = requirePrincipal(await request.authenticate());
        await new PasswordService(request.em, deps).changePassword(
          principal,
          String(b.currentPassword),
          String(b.newPassword),
        );
        return { status: Result.SUCCESS };
      },
    },
  ];
}
