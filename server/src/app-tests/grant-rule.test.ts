import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferRequest } from '../features/identity/identity.entity';
import { seededGroups } from '../features/user-groups/user-group.seed';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { newUser } from '../features/users/user.service';
import { REGISTRATION, USER_TRANSFER } from '../features/users/user-requests.workflow';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { RequestStatus, User, UserStatus } from '../kits/core/user.entity';
import { UserGroup } from '../kits/core/user-group.entity';
import { recordHistory } from '../kits/workflow/history';
import { AuditEvent } from '../platform/audit/audit-event.entity';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// The grant rule (platform/auth/grants.ts) over every path that gives rights: every seeded group as
// the caller x every grant path x every staff group as what is given. The expected answer comes from
// the rule as the security issue states it, computed here from the groups' menus in the database:
// the caller must hold the path's menu, and either be a system administrator (UG-A01) or give a
// group other than UG-A01 whose every menu they hold. A refusal is 403 and changes nothing.

let t: TestApp;
const tokens: Record<string, string> = {};
const menusOf: Record<string, Set<string>> = {};
const A01 = 'UG-A01';
/** Callers: one account per seeded group (the demo's, plus one waiting in UG-S00). */
const callers: Record<string, string> = {
  'UG-A01': 'admin.demo',
  'UG-A02': 'orgadmin.demo',
  'UG-S00': 'waiting.staff',
  'UG-S01': 'officer.demo',
  'UG-S02': 'approver1.demo',
  'UG-S03': 'approver2.demo',
  'UG-E01': 'executive.demo',
  'UG-I01': 'donor.demo@example.com',
};
/** What may be given: every staff group (a staff account never holds the donor group). */
const targets = seededGroups.map((g) => g.code).filter((c) => c !== 'UG-I01');
/** Inside both administrators' subtrees (orgadmin.demo sits at OPS-P38). */
const INSIDE = 'OPS-P38-ADM';
const ELSEWHERE = 'DSDW-P28-DON';

let serial = 0;
async function person(
  groupCode: string,
  unitCode: string,
  status: { user: string; request: string },
): Promise<User> {
  const em = t.em();
  serial++;
  const user = newUser(em, {
    kind: 'STAFF',
    username: `grant.${serial}`,
    email: `grant.${serial}@example.go.th`,
    passwordHash: 'not-used',
    firstNameTh: 'ทดสอบ',
    lastNameTh: `สิทธิ์${serial}`,
    userStatusCode: status.user,
    requestStatusCode: status.request,
    userGroupCode: groupCode,
    organisationUnit: ref(await em.findOneOrFail(OrganisationUnit, { code: unitCode })),
  });
  await em.flush();
  return user;
}

interface Snapshot {
  group: string;
  status: string;
  request: string;
  unit: number | null;
}
async function snapshot(userId: number): Promise<Snapshot> {
  const u = await t.em().findOneOrFail(User, { id: userId });
  return {
    group: u.userGroup.code,
    status: u.userStatusCode,
    request: u.requestStatusCode,
    unit: u.organisationUnit?.id ?? null,
  };
}

type Answer = { status: number; code: unknown };
async function gql(caller: string, query: string, variables: Record<string, unknown>): Promise<Answer> {
  const res = await t.graphql(query, variables, bearer(tokens[caller]));
  const err = res.body.errors?.[0];
  return { status: err ? Number(err.extensions?.status ?? res.status) : 200, code: err?.extensions?.code };
}
async function rest(caller: string, url: string, body: unknown): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...bearer(tokens[caller]) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, code: res.statusCode === 200 ? undefined : res.json().code };
}

const holdsAll = (caller: string, codes: Iterable<string>) => [...codes].every((c) => menusOf[caller].has(c));
/** The rule as the issue states it: may `caller` (a group) give `target` through a path of `menus`? */
function expected(caller: string, pathMenus: string[], target: string): boolean {
  if (!pathMenus.some((m) => menusOf[caller].has(m))) return false;
  if (caller === A01) return true;
  return target !== A01 && holdsAll(caller, menusOf[target]);
}

beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  newUser(em, {
    kind: 'STAFF',
    username: 'waiting.staff',
    email: 'waiting.staff@example.go.th',
    passwordHash: 'not-used',
    firstNameTh: 'รอ',
    lastNameTh: 'กำหนดกลุ่ม',
    userStatusCode: UserStatus.Active,
    requestStatusCode: RequestStatus.Approved,
    userGroupCode: 'UG-S00',
    organisationUnit: ref(await em.findOneOrFail(OrganisationUnit, { code: 'OPS-P38' })),
  });
  await em.flush();
  for (const [group, username] of Object.entries(callers)) {
    tokens[group] = await sessionToken(t, username);
    menusOf[group] = await new UserGroupService(t.em()).activeMenuCodes(group);
  }
}, 120_000);
afterAll(() => t.close());

interface GrantPath {
  name: string;
  menus: string[];
  /** Makes the case's subject; returns a check that the call answered and changed as expected. */
  run(caller: string, target: string): Promise<{ answer: Answer; changed: boolean }>;
}

const editUser = `mutation ($i: AdminEditUserInput!) { adminEditUser(input: $i) { id userGroupCode } }`;
/** adminEditUser's input for `user` as it is, with `changes` (a group, a unit, a phone). */
const editOf = (user: User, changes: Record<string, unknown>) => ({
  i: {
    userId: String(user.id),
    firstNameTh: user.firstNameTh,
    lastNameTh: user.lastNameTh,
    email: user.email,
    ...changes,
  },
});
const paths: GrantPath[] = [
  {
    name: 'adminEditUser (group)',
    menus: ['MN-003'],
    async run(caller, target) {
      const from = target === 'UG-S00' ? 'UG-E01' : 'UG-S00';
      const user = await person(from, INSIDE, { user: 'A', request: 'A' });
      const before = await snapshot(user.id);
      const answer = await gql(caller, editUser, editOf(user, { userGroupCode: target }));
      const after = await snapshot(user.id);
      return { answer, changed: after.group !== before.group };
    },
  },
  {
    name: 'changeUserStatus (activate)',
    menus: ['MN-004'],
    async run(caller, target) {
      const user = await person(target, INSIDE, { user: 'I', request: 'A' });
      const answer = await gql(
        caller,
        'mutation ($u: ID!) { changeUserStatus(userId: $u, userStatusCode: "A") { id } }',
        { u: String(user.id) },
      );
      return { answer, changed: (await snapshot(user.id)).status === 'A' };
    },
  },
  ...(['graphql', 'rest'] as const).map(
    (via): GrantPath => ({
      name: `registration approval (${via})`,
      menus: ['MN-001'],
      async run(caller, target) {
        const user = await person(target, INSIDE, { user: 'N', request: 'P' });
        const em = t.em();
        recordHistory(em, {
          documentType: REGISTRATION,
          documentId: user.id,
          action: 'CREATE',
          fromStatus: null,
          toStatus: 'P',
          actorUserId: user.id,
        });
        await em.flush();
        const answer =
          via === 'graphql'
            ? await gql(caller, 'mutation ($i: ApproveUserInput!) { approveUser(input: $i) { id } }', {
                i: { userId: String(user.id), request_status_code: 'A', user_status_code: 'N' },
              })
            : await rest(caller, '/api/admin/approve-user', {
                userId: user.id,
                user_status_code: 'N',
                request_status_code: 'A',
              });
        return { answer, changed: (await snapshot(user.id)).request !== 'P' };
      },
    }),
  ),
  {
    name: 'transfer approval',
    menus: ['MN-005'],
    async run(caller, target) {
      const user = await person(target, ELSEWHERE, { user: 'A', request: 'A' });
      const em = t.em();
      const request = em.create(TransferRequest, {
        user: user.id,
        fromUnit: user.organisationUnit?.id ?? null,
        toUnit: await em.findOneOrFail(OrganisationUnit, { code: INSIDE }),
        statusCode: 'P',
        reason: null,
        decidedBy: null,
        decidedAt: null,
      });
      await em.flush();
      recordHistory(em, {
        documentType: USER_TRANSFER,
        documentId: request.id,
        action: 'CREATE',
        fromStatus: null,
        toStatus: 'P',
        actorUserId: user.id,
      });
      await em.flush();
      const before = await snapshot(user.id);
      const answer = await gql(
        caller,
        'mutation ($r: ID!) { approveTransfer(requestId: $r, approve: true, reason: null) { id } }',
        { r: String(request.id) },
      );
      const after = await snapshot(user.id);
      return { answer, changed: after.unit !== before.unit };
    },
  },
  ...(['graphql', 'rest'] as const).map(
    (via): GrantPath => ({
      name: `group menus (${via})`,
      menus: ['MN-027', 'MN-028'],
      async run(caller, target) {
        serial++;
        const code = `UG-G${serial}`;
        const menuCodes = [...menusOf[target]];
        const answer =
          via === 'graphql'
            ? await gql(caller, 'mutation ($i: SaveUserGroupInput!) { saveUserGroup(input: $i) { code } }', {
                i: { code, name: `ทดสอบ ${code}`, menuCodes },
              })
            : await rest(caller, '/api/admin/save-user-group', { code, name: `ทดสอบ ${code}`, menuCodes });
        return { answer, changed: (await t.em().count(UserGroup, { code })) > 0 };
      },
    }),
  ),
];

describe('no one grants what they do not hold', () => {
  it('the exact repro: orgadmin.demo makes themself UG-A01 and is refused (403), nothing changes', async () => {
    const me = await t.em().findOneOrFail(User, { username: 'orgadmin.demo' });
    const before = await snapshot(me.id);
    const auditsBefore = await t.em().count(AuditEvent, { event: 'PERMISSION_REFUSED', actorUserId: me.id });
    const answer = await gql('UG-A02', editUser, editOf(me, { userGroupCode: A01 }));
    expect(answer).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await snapshot(me.id)).toEqual(before);
    // The same session still holds only its own menus.
    const res = await t.graphql('{ me { userGroupCode menus { code } } }', {}, bearer(tokens['UG-A02']));
    const me2 = (res.body.data as { me: { userGroupCode: string; menus: unknown[] } }).me;
    expect(me2.userGroupCode).toBe('UG-A02');
    expect(me2.menus).toHaveLength(menusOf['UG-A02'].size);
    expect(await t.em().count(AuditEvent, { event: 'PERMISSION_REFUSED', actorUserId: me.id })).toBe(
      auditsBefore + 1,
    );
  });

  it('orgadmin.demo cannot promote anyone of their subtree to a group with menus they do not hold', async () => {
    for (const target of ['UG-A01', 'UG-S01', 'UG-S02', 'UG-S03', 'UG-E01']) {
      const user = await person('UG-S00', INSIDE, { user: 'A', request: 'A' });
      const answer = await gql('UG-A02', editUser, editOf(user, { userGroupCode: target }));
      expect({ target, ...answer }).toEqual({ target, status: 403, code: 'FORBIDDEN' });
      expect((await snapshot(user.id)).group).toBe('UG-S00');
    }
  });

  it('every seeded group x every grant path x every staff group: allowed exactly when the rule says', async () => {
    const outcomes: string[] = [];
    const wanted: string[] = [];
    for (const path of paths) {
      for (const caller of Object.keys(callers)) {
        for (const target of targets) {
          const { answer, changed } = await path.run(caller, target);
          const ok = expected(caller, path.menus, target);
          const line = `${path.name} by ${caller} giving ${target}`;
          outcomes.push(`${line}: ${answer.status} ${changed ? 'changed' : 'unchanged'}`);
          wanted.push(`${line}: ${ok ? '200 changed' : '403 unchanged'}`);
        }
      }
    }
    expect(outcomes).toEqual(wanted);
    // Not a vacuous matrix: both answers occur for the organisation administrator.
    expect(wanted.filter((w) => w.includes('by UG-A02') && w.endsWith('200 changed')).length).toBeGreaterThan(
      0,
    );
    expect(
      wanted.filter((w) => w.includes('by UG-A02') && w.endsWith('403 unchanged')).length,
    ).toBeGreaterThan(0);
  }, 600_000);

  it('the group picker offers exactly the groups the rule lets the caller give', async () => {
    const offered = async (caller: string) => {
      const res = await t.graphql('{ grantableUserGroups { code } }', {}, bearer(tokens[caller]));
      return (res.body.data as { grantableUserGroups: { code: string }[] }).grantableUserGroups
        .map((g) => g.code)
        .filter((c) => targets.includes(c));
    };
    for (const caller of ['UG-A01', 'UG-A02']) {
      expect({ caller, offered: await offered(caller) }).toEqual({
        caller,
        offered: targets.filter((g) => expected(caller, ['MN-003'], g)).sort(),
      });
    }
    // An organisation administrator may make a peer, and approve people into the waiting group.
    expect(await offered('UG-A02')).toEqual(['UG-A02', 'UG-S00']);
  });

  it('grant refusals are audited with their reason', async () => {
    const user = await person('UG-S00', INSIDE, { user: 'A', request: 'A' });
    const me = await t.em().findOneOrFail(User, { username: 'orgadmin.demo' });
    await gql('UG-A02', editUser, editOf(user, { userGroupCode: 'UG-S02' }));
    const [event] = await t
      .em()
      .find(
        AuditEvent,
        { event: 'PERMISSION_REFUSED', actorUserId: me.id, subject: `user:${user.id} group` },
        { orderBy: { id: 'desc' }, limit: 1 },
      );
    expect(event?.details).toMatchObject({ reason: 'GRANT_MENUS_NOT_HELD', group: 'UG-A02' });
    expect((event?.details as { menusNotHeld?: string[] } | undefined)?.menusNotHeld?.length).toBeGreaterThan(
      0,
    );
  });

  it('no one changes their own group, status or unit, not even a system administrator', async () => {
    const me = await t
      .em()
      .findOneOrFail(User, { username: 'admin.demo' }, { populate: ['organisationUnit'] });
    const before = await snapshot(me.id);
    const edit = (changes: Record<string, unknown>) =>
      gql('UG-A01', editUser, editOf(me, { userGroupCode: A01, ...changes }));
    expect(await edit({ userGroupCode: 'UG-S01' })).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await edit({ organisationUnitCode: INSIDE })).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(
      await gql('UG-A01', 'mutation ($u: ID!) { changeUserStatus(userId: $u, userStatusCode: "I") { id } }', {
        u: String(me.id),
      }),
    ).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await snapshot(me.id)).toEqual(before);
    // A profile edit that keeps group and unit is no grant.
    expect((await edit({ phone: '021234567' })).status).toBe(200);
  });

  it('a group administrator adds only menus they hold, never to their own group; UG-A01 is edited by no one', async () => {
    const groups = new UserGroupService(t.em());
    const { fixtureAdministrator } = await import('../testing/auth-helpers');
    await groups.save(fixtureAdministrator, {
      code: 'UG-GADM',
      name: 'ผู้ดูแลกลุ่ม (ทดสอบ)',
      menuCodes: ['MN-027', 'MN-028', 'MN-029', 'MN-030', 'MN-031'],
    });
    const em = t.em();
    newUser(em, {
      kind: 'STAFF',
      username: 'group.admin',
      email: 'group.admin@example.go.th',
      passwordHash: 'not-used',
      firstNameTh: 'ดูแล',
      lastNameTh: 'กลุ่ม',
      userStatusCode: 'A',
      requestStatusCode: 'A',
      userGroupCode: 'UG-GADM',
      organisationUnit: ref(await em.findOneOrFail(OrganisationUnit, { code: 'OPS-P38' })),
    });
    await em.flush();
    const token = await sessionToken(t, 'group.admin');
    const save = async (code: string, menuCodes: string[]) => {
      const res = await t.graphql(
        'mutation ($i: SaveUserGroupInput!) { saveUserGroup(input: $i) { code menuCodes } }',
        { i: { code, name: `ทดสอบ ${code}`, menuCodes } },
        bearer(token),
      );
      return (res.body.errors?.[0]?.extensions?.details as { reason?: string } | undefined)?.reason ?? 'OK';
    };
    expect(await save('UG-GNEW', ['MN-030', 'MN-031'])).toBe('OK');
    expect(await save('UG-GNEW', ['MN-030', 'MN-031', 'MN-001'])).toBe('GRANT_MENUS_NOT_HELD');
    // Removing menus it does not hold from another group is no grant.
    expect(await save('UG-S01', ['MN-007'])).toBe('OK');
    expect(await save('UG-GADM', ['MN-027', 'MN-028', 'MN-029', 'MN-030'])).toBe('GRANT_OWN_GROUP');
    expect(await save(A01, ['MN-030'])).toBe('GRANT_FIXED_GROUP');
    expect((await groups.activeMenuCodes(A01)).size).toBe(menusOf[A01].size);
  });
});
