import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../../platform/auth/tokens';
import { loadConfig } from '../../platform/config';
import { bearer, login } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';

// A production-like start: no demo data, the first administrator from the environment.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seedDemo: false,
    adminUsername: 'chief.admin',
    adminPassword: 'Ministry-first-admin-2569',
  });
});
afterAll(() => t.close());

describe('first start without demo data', () => {
  it('creates the first administrator from ADMIN_USERNAME / ADMIN_PASSWORD with every menu', async () => {
    const token = await login(t, 'Chief.Admin', 'Ministry-first-admin-2569');
    const me = await t.graphql<{ me: { userGroupCode: string; menus: { code: string }[] } }>(
      '{ me { userGroupCode menus { code } } }',
      undefined,
      bearer(token),
    );
    expect(me.body.data?.me.userGroupCode).toBe('UG-A01');
    expect(me.body.data?.me.menus).toHaveLength(148);
  });

  it('offers no demo accounts and creates none', async () => {
    const res = await t.graphql<{ demoAccounts: unknown[] }>('{ demoAccounts { username } }');
    expect(res.body.data?.demoAccounts).toEqual([]);
    const demo = await t.graphql(
      'mutation { login(username: "admin.demo", password: "Namjai-demo-2569") { token } }',
    );
    expect(demo.body.errors?.[0].extensions?.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses to run in production without JWT_SECRET, and refuses a short one', () => {
    expect(() => loadConfig({ ...process.env, NODE_ENV: 'production', JWT_SECRET: '' })).toThrow(
      /JWT_SECRET must be set/,
    );
    expect(() => loadConfig({ ...process.env, NODE_ENV: 'production', JWT_SECRET: 'too-short' })).toThrow(
      /at least 32/,
    );
    const prod = loadConfig({ ...process.env, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(() => resolveJwtSecret({ ...prod, auth: { ...prod.auth, jwtSecret: undefined } })).toThrow(
      /JWT_SECRET must be set/,
    );
    expect(prod.seedDemo).toBe(false);
  });
});
