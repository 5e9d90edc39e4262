import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../features/users/user.service';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { User } from '../kits/core/user.entity';
import { audit } from '../platform/audit/audit';
import { AuditEvent } from '../platform/audit/audit-event.entity';
import { hashPassword, verifyPassword } from '../platform/auth/passwords';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// A staff member who has left (docs/staff-anonymisation.md): an administrator holding
// edit-status-user (MN-004) anonymises the deactivated account. E-mail, phone, citizen id and
// username go, the password no longer opens it, sessions end and mail to them is dropped; the names,
// position and what they did stay. Every refusal is a 4xx and changes nothing.

let t: TestApp;
const tokens: Record<string, string> = {};
const PASSWORD = 'Left-the-office-2569';
/** Inside orgadmin.demo's subtree (OPS-P38) and outside it. */
const INSIDE = 'OPS-P38-ADM';
const ELSEWHERE = 'DSDW-P28-DON';
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['admin.demo', 'orgadmin.demo', 'officer.demo']) tokens[u] = await sessionToken(t, u);
});
afterAll(() => t.close());

async function staff(status: string, unitCode = INSIDE): Promise<User> {
  const em = t.em();
  serial++;
  const user = newUser(em, {
    kind: 'STAFF',
    username: `left.${serial}`,
    email: `Left.${serial}@example.go.th`,
    passwordHash: await hashPassword(PASSWORD),
    titleTh: 'นาย',
    firstNameTh: 'สมศักดิ์',
    lastNameTh: `ลาออก${serial}`,
    citizenId: '1101700230705',
    phone: '0812345678',
    position: 'นักพัฒนาสังคม',
    userStatusCode: status,
    requestStatusCode: 'A',
    userGroupCode: 'UG-S01',
    organisationUnit: ref(await em.findOneOrFail(OrganisationUnit, { code: unitCode })),
  });
  await em.flush();
  return user;
}

async function anonymise(as: string, userId: number) {
  const res = await t.graphql<{ anonymiseStaffUser: { username: string; email: string } }>(
    'mutation ($u: ID!) { anonymiseStaffUser(userId: $u) { id username email firstNameTh lastNameTh phone citizenId } }',
    { u: String(userId) },
    bearer(tokens[as]),
  );
  const err = res.body.errors?.[0];
  return {
    status: err ? Number(err.extensions?.status ?? res.status) : 200,
    code: err?.extensions?.code,
    message: err?.message,
    data: res.body.data?.anonymiseStaffUser,
  };
}

const row = async (id: number) =>
  (
    await t
      .em()
      .getConnection()
      .execute<Record<string, unknown>[]>('select * from app_user where id = ?', [id])
  )[0];

describe('staff anonymisation', () => {
  it('clears exactly the contact and identity data, keeps the names and what they did; the account never signs in again', async () => {
    const user = await staff('I');
    const before = await row(user.id);
    const em = t.em();
    // What they did (an approval's audit row, as actor) and what waits for them.
    audit(em, { event: 'USER_APPROVED', actorUserId: user.id, subject: 'user:0' });
    await em.flush();
    await em
      .getConnection()
      .execute(`insert into mail_outbox ("to", subject, text, created_at) values (?, 'x', 'x', now())`, [
        user.email,
      ]);
    await sessionToken(t, user.username);

    const answer = await anonymise('orgadmin.demo', user.id);
    expect(answer.status).toBe(200);
    const name = `deleted-user-${user.id}`;
    expect(answer.data).toMatchObject({
      username: name,
      email: `${name}@invalid`,
      phone: null,
      citizenId: null,
    });

    const after = await row(user.id);
    const changed = Object.keys(before)
      .filter((k) => String(before[k]) !== String(after[k]))
      .sort();
    expect(changed).toEqual(['citizen_id', 'email', 'password_hash', 'phone', 'updated_at', 'username']);
    expect(after).toMatchObject({
      title_th: 'นาย',
      first_name_th: 'สมศักดิ์',
      last_name_th: user.lastNameTh,
      position: 'นักพัฒนาสังคม',
      user_status_code: 'I',
    });
    expect(await verifyPassword(String(after.password_hash), PASSWORD)).toBe(false);

    const db = t.em().getConnection();
    expect(
      await db.execute('select count(*)::int as n from mail_outbox where lower("to") = lower(?)', [
        user.email,
      ]),
    ).toEqual([{ n: 0 }]);
    expect(
      await db.execute('select count(*)::int as n from user_session where user_id = ? and ended_at is null', [
        user.id,
      ]),
    ).toEqual([{ n: 0 }]);
    expect(await t.em().count(AuditEvent, { actorUserId: user.id, event: 'USER_APPROVED' })).toBe(1);
    const events = await t
      .em()
      .find(AuditEvent, { event: 'STAFF_PERSONAL_DATA_ANONYMISED', subject: `user:${user.id}` });
    expect(events).toHaveLength(1);

    // Neither the old nor the new username opens it, with the old password.
    for (const username of [user.username, name]) {
      const res = await t.graphql(
        'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        {
          u: username,
          p: PASSWORD,
        },
      );
      expect(res.body.errors?.[0]?.extensions?.status, username).toBe(401);
    }
    // Nor may it be made active again.
    const activate = await t.graphql(
      'mutation ($u: ID!) { changeUserStatus(userId: $u, userStatusCode: "A") { id } }',
      { u: String(user.id) },
      bearer(tokens['admin.demo']),
    );
    expect(activate.body.errors?.[0]?.extensions?.status).toBe(409);
    // Twice: refused.
    expect(await anonymise('admin.demo', user.id)).toMatchObject({ status: 409 });
  });

  it('refuses oneself, an active account, a donor, one outside the scope and a caller without the menu, changing nothing', async () => {
    const admin = await t.em().findOneOrFail(User, { username: 'admin.demo' });
    const donor = await t.em().findOneOrFail(User, { username: 'donor.demo@example.com' });
    const active = await staff('A');
    const elsewhere = await staff('I', ELSEWHERE);
    const inside = await staff('I');
    const cases: [string, string, number, number][] = [
      ['self', 'admin.demo', admin.id, 403],
      ['active', 'admin.demo', active.id, 409],
      ['donor', 'admin.demo', donor.id, 409],
      ['outside the scope', 'orgadmin.demo', elsewhere.id, 404],
      ['no menu', 'officer.demo', inside.id, 403],
      ['no such user', 'admin.demo', 2_000_000_000, 404],
    ];
    for (const [what, as, id, status] of cases) {
      const before = id === 2_000_000_000 ? undefined : await row(id);
      const answer = await anonymise(as, id);
      expect({ what, status: answer.status }).toEqual({ what, status });
      expect(answer.message, what).toBeTruthy();
      if (before) expect(await row(id), what).toEqual(before);
    }
  });
});
