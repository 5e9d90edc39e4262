import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restPrefix } from '../platform/http/rest';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// Issue 8: a search matches what a person typed literally. `%` and `_` are LIKE wildcards; typed into
// a search box they must match only names that contain them (none here), not every row.

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(() => t.close());

const totals = async (query: string) => {
  const res = await t.graphql<Record<string, { total: number }>>(query, {}, admin);
  expect(res.body.errors).toBeUndefined();
  return Object.values(res.body.data ?? {}).map((page) => page.total);
};

describe('searches escape LIKE wildcards', () => {
  it('finds nobody for % or _ in the user, group and reference searches, and everybody without them', async () => {
    for (const text of ['%', '_', '\\\\']) {
      const literal = JSON.stringify(text);
      expect(
        await totals(`{
          a: users(filter: { currentPage: 1, rows: 5, firstname_th: ${literal} }) { total }
          b: users(filter: { currentPage: 1, rows: 5, lastname_th: ${literal} }) { total }
          c: users(filter: { currentPage: 1, rows: 5, idc: ${literal} }) { total }
          d: userGroups(name: ${literal}) { total }
          e: userGroups(code: ${literal}) { total }
          f: referenceItems(type: COUNTING_UNIT, search: ${literal}) { total }
        }`),
        text,
      ).toEqual([0, 0, 0, 0, 0, 0]);
    }
    const [users, groups] = await totals(
      '{ a: users(filter: { currentPage: 1, rows: 5 }) { total } b: userGroups { total } }',
    );
    expect(users).toBeGreaterThan(3);
    expect(groups).toBeGreaterThan(3);
  });

  it('does the same in the legacy list-menu and list-user-group calls', async () => {
    for (const url of ['/admin/list-menu', '/admin/list-user-group']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${restPrefix}${url}`,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ currentPage: 1, rows: 10, name: '%' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().total, url).toBe(0);
    }
  });
});
