import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { newUser } from '../features/users/user.service';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { RequestStatus, User, UserStatus } from '../kits/core/user.entity';
import { referenceTypes } from '../kits/reference/reference-types';
import { menuCatalogue } from '../platform/auth/menu-catalogue';
import { bearer, fixtureAdministrator, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// Issue 8: one data-scope rule (platform/auth/data-scope.ts) for users and every reference type. A
// ministry user and a system administrator without a unit reach everything; a division user reaches
// only their division's subtree; and the rule answers the same for users as for storages.

let t: TestApp;
const callers: Record<'ministry' | 'division' | 'adminWithoutUnit', Record<string, string>> = {
  ministry: {},
  division: {},
  adminWithoutUnit: {},
};
let divisionPath: string;
let root: OrganisationUnit;

beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  // One group with every menu, so only the data scope tells the callers apart.
  await new UserGroupService(em).save(fixtureAdministrator, {
    code: 'UG-T99',
    name: 'ทดสอบขอบเขตข้อมูล',
    menuCodes: menuCatalogue.map((m) => m.code),
    transactionCode: null,
  });
  root = await em.findOneOrFail(OrganisationUnit, { parent: null });
  const division = await em.findOneOrFail(OrganisationUnit, { code: 'DSDW-P28-DON' });
  divisionPath = division.path;
  const people: [keyof typeof callers, string, OrganisationUnit | null][] = [
    ['ministry', 'UG-T99', root],
    ['division', 'UG-T99', division],
    ['adminWithoutUnit', 'UG-A01', null],
  ];
  for (const [name, group, unit] of people) {
    newUser(em, {
      kind: 'STAFF',
      username: `scope.${name.toLowerCase()}`,
      email: `scope.${name.toLowerCase()}@example.com`,
      passwordHash: 'not-used',
      firstNameTh: 'ขอบเขต',
      lastNameTh: name,
      userStatusCode: UserStatus.Active,
      requestStatusCode: RequestStatus.Approved,
      userGroupCode: group,
      organisationUnit: unit ? ref(unit) : null,
    });
  }
  await em.flush();
  for (const [name] of people) callers[name] = bearer(await sessionToken(t, `scope.${name.toLowerCase()}`));
});
afterAll(() => t.close());

async function gql<T>(
  query: string,
  headers: Record<string, string>,
  variables: Record<string, unknown> = {},
) {
  const res = await t.graphql<T>(query, variables, headers);
  return res.body;
}

async function visibleUsers(headers: Record<string, string>) {
  const body = await gql<{
    users: { total: number; items: { username: string; organisationUnit: { code: string } | null }[] };
  }>(
    '{ users(filter: { currentPage: 1, rows: 200 }) { total items { username organisationUnit { code } } } }',
    headers,
  );
  return body.data?.users ?? { total: -1, items: [] };
}

async function itemCount(type: string, headers: Record<string, string>) {
  const body = await gql<{ referenceItems: { total: number } }>(
    `{ referenceItems(type: ${type}, rows: 1) { total } }`,
    headers,
  );
  return body.data?.referenceItems.total ?? -1;
}

describe('one data-scope rule', () => {
  it('lets a ministry user and an administrator without a unit see every staff user; a division user its subtree', async () => {
    const em = t.em();
    const staff = await em.find(User, { kind: 'STAFF' }, { populate: ['organisationUnit'] });
    const inDivision = staff.filter((u) => u.organisationUnit?.getEntity().path.startsWith(divisionPath));
    const ministry = await visibleUsers(callers.ministry);
    const admin = await visibleUsers(callers.adminWithoutUnit);
    const division = await visibleUsers(callers.division);
    // Staff without a unit (the administrator without one) belong to no subtree but the whole.
    expect(admin.total).toBe(staff.length);
    expect(ministry.total).toBe(staff.filter((u) => u.organisationUnit).length);
    expect(division.items.map((u) => u.username).sort()).toEqual(inDivision.map((u) => u.username).sort());
    expect(division.total).toBeGreaterThan(0);
    expect(division.total).toBeLessThan(ministry.total);
  });

  it('gives the same answer for every reference type: division-owned types by subtree, the rest to all', async () => {
    const em = t.em();
    for (const type of referenceTypes) {
      const all = await em.count(type.entity, {});
      const [ministry, admin, division] = await Promise.all([
        itemCount(type.type, callers.ministry),
        itemCount(type.type, callers.adminWithoutUnit),
        itemCount(type.type, callers.division),
      ]);
      expect({ type: type.type, ministry, admin }).toEqual({ type: type.type, ministry: all, admin: all });
      const expected =
        type.scope === 'DIVISION'
          ? await em.count(type.entity, { ownerUnit: { path: { $like: `${divisionPath}%` } } })
          : all;
      expect({ type: type.type, division }).toEqual({ type: type.type, division: expected });
    }
  });

  it('answers alike for users and storages: a division user reaches exactly its subtree in both', async () => {
    const units = await t.em().find(OrganisationUnit, {});
    const reachable = new Set(units.filter((u) => u.path.startsWith(divisionPath)).map((u) => u.code));
    const users = await visibleUsers(callers.division);
    const storages = await gql<{ referenceItems: { items: { display: Record<string, string> }[] } }>(
      '{ referenceItems(type: STORAGE, rows: 200) { items { display } } }',
      callers.division,
    );
    const userUnits = new Set(users.items.map((u) => u.organisationUnit?.code));
    const storageOwners = (storages.data?.referenceItems.items ?? []).map((s) => s.display.ownerUnit);
    expect(storageOwners.length).toBeGreaterThan(0);
    for (const code of userUnits) expect(reachable.has(code as string), `user unit ${code}`).toBe(true);
    for (const owner of storageOwners)
      expect(
        [...reachable].some((c) => owner.includes(c)),
        `storage ${owner}`,
      ).toBe(true);
  });

  it('lets an administrator without a unit save under the root and in any division; a division user neither', async () => {
    const department = (headers: Record<string, string>, code: string) =>
      gql<{ saveReferenceItem: { id: number } }>(
        `mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: GOVERNMENT_INFO, input: $input) { id } }`,
        headers,
        {
          input: {
            code,
            values: { nameTh: `กรมทดสอบ ${code}`, nameEn: `Test ${code}`, officeType: '2', parent: root.id },
          },
        },
      );
    const byAdmin = await department(callers.adminWithoutUnit, 'SCOPE-DEPT-A');
    expect(byAdmin.errors).toBeUndefined();
    const byDivision = await department(callers.division, 'SCOPE-DEPT-D');
    expect(byDivision.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(JSON.stringify(byDivision.errors?.[0]?.extensions?.details)).toContain('parent');

    const other = await t.em().findOneOrFail(OrganisationUnit, { code: 'OPS-FIN-SUP' });
    const storage = (headers: Record<string, string>, code: string) =>
      gql<{ saveReferenceItem: { id: number } }>(
        `mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: STORAGE, input: $input) { id } }`,
        headers,
        { input: { code, values: { nameTh: `คลัง ${code}`, ownerUnit: other.id } } },
      );
    expect((await storage(callers.adminWithoutUnit, 'SCOPE-ST-A')).errors).toBeUndefined();
    expect((await storage(callers.division, 'SCOPE-ST-D')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
