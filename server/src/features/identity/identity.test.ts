import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../kits/core/demo-accounts';
import { User, UserStatus } from '../../kits/core/user.entity';
import { AuditEvent } from '../../platform/audit/audit-event.entity';
import type { AuthConfig } from '../../platform/config';
import { bearer, login } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { LoginAttempt, UserSession } from './identity.entity';
import { SessionService } from './session.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const meQuery =
  '{ me { username userGroupCode officeTypeCode ministryCode departmentCode bureauCode divisionCode organisationName menus { code } } }';
const code = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.[0]?.extensions?.code;

describe('staff login and sessions', () => {
  it('logs in with a lower-cased username and returns the logged-in user data of spec sec. 3', async () => {
    const res = await t.graphql<{
      login: { token: string; expiresAt: string; user: Record<string, unknown> };
    }>(
      `mutation { login(username: "  OfficeR.Demo ", password: "${demoPassword}") { token expiresAt
        user { username firstNameTh userGroup userGroupCode officeTypeCode ministryCode departmentCode bureauCode divisionCode division } } }`,
    );
    expect(res.body.errors).toBeUndefined();
    const payload = res.body.data?.login;
    expect(payload?.user).toMatchObject({
      username: 'officer.demo',
      userGroupCode: 'UG-S01',
      officeTypeCode: 6,
      ministryCode: 'MSDHS',
      departmentCode: 'OPS',
      bureauCode: 'OPS-P38',
      divisionCode: 'OPS-P38-SDW',
      division: 'กลุ่มการพัฒนาสังคมและสวัสดิการ',
    });
    const minutes = (new Date(payload?.expiresAt ?? 0).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const me = await t.graphql<{ me: { menus: { code: string }[] } }>(
      meQuery,
      undefined,
      bearer(payload?.token ?? ''),
    );
    const codes = me.body.data?.me.menus.map((m) => m.code) ?? [];
    expect(codes).toContain('MN-007');
    expect(codes).not.toContain('MN-027');
  });

  it('refuses a wrong password with one message for unknown users and wrong passwords', async () => {
    const wrong = await t.graphql(
      'mutation { login(username: "officer.demo", password: "not-the-password") { token } }',
    );
    const unknown = await t.graphql(
      'mutation { login(username: "nobody.here", password: "not-the-password") { token } }',
    );
    expect(code(wrong)).toBe('INVALID_CREDENTIALS');
    expect(code(unknown)).toBe('INVALID_CREDENTIALS');
    expect(wrong.body.errors?.[0].message).toBe(unknown.body.errors?.[0].message);
    expect(wrong.body.errors?.[0].extensions?.messageTh).toBe(
      'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง หรือลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
    );
  });

  it('keeps donors out of the staff login and staff out of the donor login', async () => {
    const donorAsStaff = await t.graphql(
      `mutation { login(username: "donor.demo@example.com", password: "${demoPassword}") { token } }`,
    );
    expect(code(donorAsStaff)).toBe('INVALID_CREDENTIALS');
    const token = await login(t, 'donor.demo@example.com', demoPassword, true);
    const me = await t.graphql<{ me: { userGroupCode: string; menus: { code: string }[] } }>(
      meQuery,
      undefined,
      bearer(token),
    );
    expect(me.body.data?.me.userGroupCode).toBe('UG-I01');
    expect(me.body.data?.me.menus.map((m) => m.code)).toEqual(['MN-007']);
  });

  it('ends the first session when the same user logs in again: 401 DUPLICATE_LOGIN and xlock DUPLICATE', async () => {
    const first = await login(t, 'approver1.demo');
    const second = await login(t, 'approver1.demo');
    const old = await t.graphql(
      '{ users(filter: { currentPage: 1, rows: 5 }) { total } }',
      undefined,
      bearer(first),
    );
    expect(old.status).toBe(200);
    expect(code(old)).toBe('DUPLICATE_LOGIN');
    expect(old.body.errors?.[0].extensions?.status).toBe(401);
    const check = await t.graphql<{ sessionCheck: { xlock: string | null } }>(
      '{ sessionCheck { xlock } }',
      undefined,
      bearer(first),
    );
    expect(check.body.data?.sessionCheck.xlock).toBe('DUPLICATE');
    const fresh = await t.graphql<{ sessionCheck: { xlock: string | null } }>(
      '{ sessionCheck { xlock } }',
      undefined,
      bearer(second),
    );
    expect(fresh.body.data?.sessionCheck.xlock).toBeNull();
  });

  it('ends a session after 30 idle minutes and after 12 hours whatever the activity', async () => {
    const idleToken = await login(t, 'executive.demo');
    const em = t.em();
    await em.nativeUpdate(
      UserSession,
      { user: { username: 'executive.demo' }, endedAt: null },
      { lastSeenAt: new Date(Date.now() - 31 * 60_000) },
    );
    expect(code(await t.graphql(meQuery, undefined, bearer(idleToken)).then((r) => r))).toBeUndefined();
    const idle = await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, bearer(idleToken));
    expect(code(idle)).toBe('SESSION_IDLE');

    const oldToken = await login(t, 'executive.demo');
    await em.nativeUpdate(
      UserSession,
      { user: { username: 'executive.demo' }, endedAt: null },
      { expiresAt: new Date(Date.now() - 1000) },
    );
    const expired = await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, bearer(oldToken));
    expect(code(expired)).toBe('SESSION_EXPIRED');
  });

  it('does not count session polling as activity unless the client says the person was active', async () => {
    const token = await login(t, 'approver2.demo');
    const em = t.em();
    const past = new Date(Date.now() - 10 * 60_000);
    await em.nativeUpdate(
      UserSession,
      { user: { username: 'approver2.demo' }, endedAt: null },
      { lastSeenAt: past },
    );
    await t.graphql('{ sessionCheck { xlock } }', undefined, bearer(token));
    const polled = await t
      .em()
      .findOneOrFail(UserSession, { user: { username: 'approver2.demo' }, endedAt: null });
    expect(polled.lastSeenAt.getTime()).toBe(past.getTime());
    await t.graphql('{ sessionCheck { xlock } }', undefined, { ...bearer(token), 'x-user-active': '1' });
    const active = await t
      .em()
      .findOneOrFail(UserSession, { user: { username: 'approver2.demo' }, endedAt: null });
    expect(active.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes activity at most once a minute, and a session read as idle still ends', async () => {
    const token = await login(t, 'approver2.demo');
    const seen = async () =>
      (await t.em().findOneOrFail(UserSession, { user: { username: 'approver2.demo' }, endedAt: null }))
        .lastSeenAt;
    const setSeen = (at: Date) =>
      t
        .em()
        .nativeUpdate(
          UserSession,
          { user: { username: 'approver2.demo' }, endedAt: null },
          { lastSeenAt: at },
        );
    const recent = new Date(Date.now() - 30_000);
    await setSeen(recent);
    const active = { ...bearer(token), 'x-user-active': '1' };
    expect(code(await t.graphql('{ sessionCheck { xlock } }', undefined, active))).toBeUndefined();
    expect((await seen()).getTime()).toBe(recent.getTime());
    await setSeen(new Date(Date.now() - 2 * 60_000));
    expect(code(await t.graphql('{ sessionCheck { xlock } }', undefined, active))).toBeUndefined();
    expect((await seen()).getTime()).toBeGreaterThan(Date.now() - 10_000);
    await setSeen(new Date(Date.now() - 30 * 60_000 - 1000));
    const idle = await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, active);
    expect(code(idle)).toBe('SESSION_IDLE');
  });

  it('logs out, and the token stops working at once', async () => {
    const token = await login(t, 'orgadmin.demo');
    const out = await t.graphql<{ logout: boolean }>('mutation { logout }', undefined, bearer(token));
    expect(out.body.data?.logout).toBe(true);
    const after = await t.graphql(
      '{ users(filter: { currentPage: 1, rows: 5 }) { total } }',
      undefined,
      bearer(token),
    );
    expect(code(after)).toBe('SESSION_ENDED');
  });

  it('refreshes with a new token and ends the one it replaced; a replay of the old one is refused', async () => {
    const token = await login(t, 'orgadmin.demo');
    const session = await t
      .em()
      .findOneOrFail(UserSession, { user: { username: 'orgadmin.demo' }, endedAt: null });
    const refresh = (bearerToken: string) =>
      t.graphql<{ refreshToken: { token: string; expiresAt: string } }>(
        'mutation { refreshToken { token expiresAt } }',
        undefined,
        bearer(bearerToken),
      );
    const res = await refresh(token);
    const next = res.body.data?.refreshToken.token as string;
    expect(next).toBeTruthy();
    expect(next).not.toBe(token);
    const me = await t.graphql<{ me: { username: string } }>(meQuery, undefined, bearer(next));
    expect(me.body.data?.me.username).toBe('orgadmin.demo');

    // The old token: refused with the session-ended answer, for a call, a session check and a refresh.
    const old = await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, bearer(token));
    expect(code(old)).toBe('SESSION_ENDED');
    expect(old.body.errors?.[0].extensions?.status).toBe(401);
    expect(code(await t.graphql('{ sessionCheck { xlock } }', undefined, bearer(token)))).toBe(
      'SESSION_ENDED',
    );
    expect(code(await refresh(token))).toBe('SESSION_ENDED');
    // The replay did not harm the session: the new token still works and refreshes in turn.
    const third = (await refresh(next)).body.data?.refreshToken.token as string;
    expect(third).toBeTruthy();
    expect(code(await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, bearer(next)))).toBe(
      'SESSION_ENDED',
    );
    expect(
      code(await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, bearer(third))),
    ).toBeUndefined();

    // One session all along, its absolute limit unchanged; the single-session rule still holds.
    const live = await t.em().find(UserSession, { user: { username: 'orgadmin.demo' }, endedAt: null });
    expect(live.map((s) => s.id)).toEqual([session.id]);
    expect(live[0].expiresAt.getTime()).toBe(session.expiresAt.getTime());
    const again = await login(t, 'orgadmin.demo');
    expect(code(await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, bearer(third)))).toBe(
      'DUPLICATE_LOGIN',
    );
    // The idle limit still ends a refreshed session.
    const fresh = (await refresh(again)).body.data?.refreshToken.token as string;
    await t
      .em()
      .nativeUpdate(
        UserSession,
        { user: { username: 'orgadmin.demo' }, endedAt: null },
        { lastSeenAt: new Date(Date.now() - 31 * 60_000) },
      );
    expect(code(await refresh(fresh))).toBe('SESSION_IDLE');

    const anon = await t.graphql('mutation { refreshToken { token } }');
    expect(code(anon)).toBe('UNAUTHENTICATED');
  });

  it('refreshes on REST too: refresh-token and reorganize-token each end the token they replace', async () => {
    const post = (url: string, token: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...bearer(token) },
        payload: '{}',
      });
    const token = await login(t, 'executive.demo');
    const first = await post('/api/auth/refresh-token', token);
    expect(first.statusCode).toBe(200);
    const next = first.json().token as string;
    expect(next).not.toBe(token);
    const replay = await post('/api/auth/refresh-token', token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SESSION_ENDED');
    const second = await post('/api/auth/reorganize-token', next);
    expect(second.statusCode).toBe(200);
    expect((await post('/api/auth/auth', next)).json().code).toBe('SESSION_ENDED');
    expect((await post('/api/auth/auth', second.json().token)).json()).toMatchObject({
      status: 1,
      xlock: null,
    });
  });

  it('refuses tokens that are forged, of another algorithm or expired', async () => {
    const token = await login(t, 'orgadmin.demo');
    const [h, p] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of [none, tampered, 'garbage']) {
      const res = await t.graphql(
        '{ users(filter: { currentPage: 1, rows: 5 }) { total } }',
        undefined,
        bearer(bad),
      );
      expect(code(res)).toBe('INVALID_TOKEN');
    }
  });

  it('changing the password ends every session of the user', async () => {
    const token = await login(t, 'officer.demo');
    const res = await t.graphql(
      'mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }',
      { c: demoPassword, n: 'Namjai-new-secret-2569' },
      bearer(token),
    );
    expect(res.body.errors).toBeUndefined();
    expect(code(await t.graphql('{ checkMenuAccess(menuCode: "MN-007") }', undefined, bearer(token)))).toBe(
      'SESSION_ENDED',
    );
    await login(t, 'officer.demo', 'Namjai-new-secret-2569');
    const common = await t.graphql(
      'mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }',
      { c: 'Namjai-new-secret-2569', n: 'password123' },
      bearer(await login(t, 'officer.demo', 'Namjai-new-secret-2569')),
    );
    expect(code(common)).toBe('BAD_INPUT');
  });

  it('never locks an account: with no bot check configured, many failures from everywhere are recorded and audited, and the owner signs in', async () => {
    // A botnet: 25 addresses, one guess each.
    for (let i = 1; i <= 25; i++) {
      const res = await t.graphql(
        'mutation { login(username: "executive.demo", password: "wrong-password-x") { token } }',
        undefined,
        {},
        { ip: `10.9.0.${i}` },
      );
      expect(code(res)).toBe('INVALID_CREDENTIALS');
    }
    const user = await t.em().findOneOrFail(User, { username: 'executive.demo' });
    expect(user.userStatusCode).toBe(UserStatus.Active);
    expect(await login(t, 'executive.demo', demoPassword, false, '10.9.1.1')).toBeTruthy();
    expect(
      await t
        .em()
        .count(AuditEvent, { event: 'LOGIN_USERNAME_UNDER_ATTACK', subject: 'username:executive.demo' }),
    ).toBe(1);
    expect(
      await t.em().count(AuditEvent, { event: 'LOGIN_FAILED', actorUserId: user.id }),
    ).toBeGreaterThanOrEqual(25);
    expect(
      await t.em().count(LoginAttempt, { user: user.id, outcome: 'FAILED', ip: { $like: '10.9.0.%' } }),
    ).toBe(25);
  });

  it('opens an account a lockout of an earlier release left at status L with the right password', async () => {
    await t.em().nativeUpdate(User, { username: 'approver2.demo' }, { userStatusCode: UserStatus.Locked });
    expect(await login(t, 'approver2.demo', demoPassword, false, '10.9.2.1')).toBeTruthy();
    expect((await t.em().findOneOrFail(User, { username: 'approver2.demo' })).userStatusCode).toBe(
      UserStatus.Active,
    );
  });

  it('moves a user on an approved transfer and ends their session with xlock TRANSFERD_USER', async () => {
    const officer = await login(t, 'approver1.demo');
    const asked = await t.graphql<{ requestTransfer: { statusCode: string; toUnit: { code: string } } }>(
      'mutation { requestTransfer(toUnitCode: "DSDW-P28-DON", reason: "ย้ายตามคำสั่ง") { statusCode toUnit { code } } }',
      undefined,
      bearer(officer),
    );
    expect(asked.body.data?.requestTransfer).toEqual({ statusCode: 'P', toUnit: { code: 'DSDW-P28-DON' } });
    const admin = await login(t, 'admin.demo');
    const pending = await t.graphql<{
      users: { items: { username: string; pendingTransfer: { id: string; fromUnit: { code: string } } }[] };
    }>(
      '{ users(filter: { currentPage: 1, rows: 20, pending_transfer: true }) { items { username pendingTransfer { id fromUnit { code } } } } }',
      undefined,
      bearer(admin),
    );
    const items = pending.body.data?.users.items ?? [];
    expect(items.map((u) => u.username)).toEqual(['approver1.demo']);
    expect(items[0].pendingTransfer.fromUnit.code).toBe('OPS-P38');
    const decided = await t.graphql(
      'mutation ($id: ID!) { approveTransfer(requestId: $id, approve: true) { id } }',
      { id: items[0].pendingTransfer.id },
      bearer(admin),
    );
    expect(decided.body.errors).toBeUndefined();
    const check = await t.graphql<{ sessionCheck: { xlock: string } }>(
      '{ sessionCheck { xlock } }',
      undefined,
      bearer(officer),
    );
    expect(check.body.data?.sessionCheck.xlock).toBe('TRANSFERD_USER');
    const again = await login(t, 'approver1.demo');
    const me = await t.graphql<{ me: { divisionCode: string; bureauCode: string } }>(
      '{ me { divisionCode bureauCode } }',
      undefined,
      bearer(again),
    );
    expect(me.body.data?.me).toEqual({ divisionCode: 'DSDW-P28-DON', bureauCode: 'DSDW-P28' });
  });

  it('refuses a menu the group lacks with FORBIDDEN and records the refusal', async () => {
    const token = await login(t, 'approver2.demo');
    const res = await t.graphql('{ userGroups { total } }', undefined, bearer(token));
    expect(code(res)).toBe('FORBIDDEN');
    expect(
      await t.em().count(AuditEvent, { event: 'PERMISSION_REFUSED', subject: 'Query.userGroups' }),
    ).toBeGreaterThan(0);
    const anon = await t.graphql('{ userGroups { total } }');
    expect(code(anon)).toBe('UNAUTHENTICATED');
  });

  it("gives a session its group's menus that are active, and none while the group is inactive", async () => {
    await login(t, 'approver2.demo');
    const sql = (text: string, params: unknown[] = []) => t.em().getConnection().execute(text, params);
    const [session] = await sql(
      `select s.id, s.user_id, s.token_id, u.user_group_code as "group" from user_session s join app_user u on u.id = s.user_id
        where u.username = 'approver2.demo' and s.ended_at is null order by s.created_at desc limit 1`,
    );
    const sessions = new SessionService(
      t.em().fork() as EntityManager,
      { idleMinutes: 30 } as AuthConfig,
      null as never,
    );
    const menus = async () =>
      [
        ...(await sessions.principalFor(session.id, session.user_id, false, session.token_id)).menuCodes,
      ].sort();
    const all = await menus();
    const [granted] = await sql(
      `select array_agg(menu_entry_code order by menu_entry_code) as codes from user_group_menu where user_group_code = ?`,
      [session.group],
    );
    expect(all.length).toBeGreaterThan(5);
    expect(all).toEqual(granted.codes);
    const dropped = all[Math.floor(all.length / 2)];
    await sql(`update menu_entry set status_code = 'I' where code = ?`, [dropped]);
    try {
      expect(await menus()).toEqual(all.filter((c) => c !== dropped));
    } finally {
      await sql(`update menu_entry set status_code = 'A' where code = ?`, [dropped]);
    }
    await sql(`update user_group set status_code = 'I' where code = ?`, [session.group]);
    try {
      expect(await menus()).toEqual([]);
    } finally {
      await sql(`update user_group set status_code = 'A' where code = ?`, [session.group]);
    }
    expect(await menus()).toEqual(all);
  });
});
