import { SessionService } from '../features/identity/session.service';
import { demoPassword } from '../kits/core/demo-accounts';
import { User } from '../kits/core/user.entity';
import { SYSTEM_ADMINISTRATOR_GROUP } from '../platform/auth/data-scope';
import { menuCatalogue } from '../platform/auth/menu-catalogue';
import type { Principal } from '../platform/auth/principal';
import type { TestApp } from './test-app';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in through the real login mutation (argon2 and all), from `ip` if given; returns the token. */
export async function login(
  t: TestApp,
  username: string,
  password = demoPassword,
  donor = false,
  ip?: string,
): Promise<string> {
  const field = donor ? 'donorLogin' : 'login';
  const res = await t.graphql<Record<string, { token: string }>>(
    `mutation ($u: String!, $p: String!) { ${field}(username: $u, password: $p) { token } }`,
    { u: username, p: password },
    {},
    { ip },
  );
  const token = res.body.data?.[field]?.token;
  if (!token) throw new Error(`login ${username} failed: ${JSON.stringify(res.body.errors)}`);
  return token;
}

/** A fresh session for a user without the cost of a password check (for permission matrices). */
export async function sessionToken(t: TestApp, username: string): Promise<string> {
  const em = t.em();
  const user = await em.findOneOrFail(User, { username });
  const sessions = new SessionService(em, t.config.auth, t.deps.tokens);
  const session = await sessions.open(user, { ip: '127.0.0.1', userAgent: 'test' });
  await em.flush();
  return (await sessions.issue(session, user)).token;
}

/**
 * A system administrator (UG-A01: every menu, every unit) for fixtures that set up groups through
 * the services' grant rule; never a real session.
 */
export const fixtureAdministrator: Principal = {
  userId: 0,
  sessionId: 'fixture',
  kind: 'STAFF',
  username: 'fixture.admin',
  groupCode: SYSTEM_ADMINISTRATOR_GROUP,
  menuCodes: new Set(menuCatalogue.map((m) => m.code)),
  unitId: null,
  unitPath: null,
};
