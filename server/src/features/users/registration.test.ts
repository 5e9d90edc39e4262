import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../testing/auth-helpers';
import { startSmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  const base = await import('../../platform/config').then((m) =>
    m.loadConfig({ ...process.env, NODE_ENV: 'test' }),
  );
  t = await startTestApp({
    mail: { smtpUrl: smtp.url, from: 'Namjai <no-reply@namjai.test>', logBodies: false },
    publicUrl: 'http://namjai.test',
    auth: base.auth,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const code = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.[0]?.extensions?.code;
const xcodeIn = (text: string) => /xcode=([A-Za-z0-9_-]+)/.exec(text)?.[1] as string;

describe('registration > approval > activation by e-mail > login', () => {
  const registration = {
    username: 'Kanya.S',
    email: 'kanya@example.go.th',
    password: 'Chiang-Mai-donations-2569',
    titleTh: 'นางสาว',
    firstNameTh: 'กัญญา',
    lastNameTh: 'ใจงาม',
    citizenId: '1101700203450',
    organisationUnitCode: 'OPS-P38-ADM',
  };

  it('goes from registration to first login through a real SMTP server', async () => {
    const reg = await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', { i: registration });
    expect(reg.body.errors).toBeUndefined();
    const early = await t.graphql(
      `mutation { login(username: "kanya.s", password: "${registration.password}") { token } }`,
    );
    expect(code(early)).toBe('ACCOUNT_NOT_ACTIVE');

    // The Chiang Mai office administrator sees the request in their subtree and approves it.
    const admin = await login(t, 'orgadmin.demo');
    const pending = await t.graphql<{
      users: { items: { id: string; username: string; requestStatusCode: string }[] };
    }>(
      '{ users(filter: { currentPage: 1, rows: 20, request_status_code: "P" }) { items { id username requestStatusCode } } }',
      undefined,
      bearer(admin),
    );
    const row = pending.body.data?.users.items.find((u) => u.username === 'kanya.s');
    expect(row?.requestStatusCode).toBe('P');
    const approved = await t.graphql<{ approveUser: { requestStatusCode: string; userStatusCode: string } }>(
      'mutation ($i: ApproveUserInput!) { approveUser(input: $i) { requestStatusCode userStatusCode } }',
      { i: { userId: row?.id, user_status_code: 'A', request_status_code: 'A', transactionCode: null } },
      bearer(admin),
    );
    expect(approved.body.data?.approveUser).toEqual({ requestStatusCode: 'A', userStatusCode: 'N' });

    await t.deps.mailer.flush();
    const [mail] = await smtp.waitFor('kanya@example.go.th');
    expect(mail.subject).toContain('เปิดใช้งานบัญชี');
    expect(mail.text).toContain('http://namjai.test/activate?xcode=');
    const activated = await t.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', {
      x: xcodeIn(mail.text),
    });
    expect(activated.body.errors).toBeUndefined();
    const again = await t.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', {
      x: xcodeIn(mail.text),
    });
    expect(code(again)).toBe('BAD_INPUT');

    const token = await login(t, 'KANYA.S', registration.password);
    const me = await t.graphql<{ me: { username: string; divisionCode: string } }>(
      '{ me { username divisionCode } }',
      undefined,
      bearer(token),
    );
    expect(me.body.data?.me).toEqual({ username: 'kanya.s', divisionCode: 'OPS-P38-ADM' });
  });

  it('re-sends the activation mail with a new code that replaces the old one', async () => {
    await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: { ...registration, username: 'somsri.k', email: 'somsri@example.go.th', citizenId: '3100600445813' },
    });
    const admin = await login(t, 'orgadmin.demo');
    const list = await t.graphql<{ users: { items: { id: string; username: string }[] } }>(
      '{ users(filter: { currentPage: 1, rows: 50, firstname_th: "กัญ" }) { items { id username } } }',
      undefined,
      bearer(admin),
    );
    // Newest registrations first, unless the caller sorts.
    expect(list.body.data?.users.items.map((u) => u.username)).toEqual(['somsri.k', 'kanya.s']);
    const id = list.body.data?.users.items[0].id;
    await t.graphql(
      'mutation ($i: ApproveUserInput!) { approveUser(input: $i) { id } }',
      {
        i: { userId: id, user_status_code: 'A', request_status_code: 'A' },
      },
      bearer(admin),
    );
    await t.graphql('mutation ($id: ID!) { requestActivationMail(userId: $id) }', { id }, bearer(admin));
    await t.deps.mailer.flush();
    const mails = await smtp.waitFor('somsri@example.go.th', 2);
    const [first, second] = mails.map((m) => xcodeIn(m.text));
    expect(first).not.toBe(second);
    expect(code(await t.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', { x: first }))).toBe(
      'BAD_INPUT',
    );
    expect(
      (await t.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', { x: second })).body.errors,
    ).toBeUndefined();
  });

  it('signs a donor up only with consent; the mailed link leads to the donor login', async () => {
    const donor = {
      email: 'Malee.D@Example.com',
      password: 'Donate-to-Namjai-2569',
      firstNameTh: 'มาลี',
      lastNameTh: 'ใจบุญ',
      phone: '081 234 5678',
    };
    const signUp = (input: Record<string, unknown>) =>
      t.graphql('mutation ($i: DonorRegisterInput!) { registerDonor(input: $i) }', { i: input });
    const refused = await signUp({ ...donor, pdpaConsent: false });
    expect(code(refused)).toBe('BAD_INPUT');
    expect(refused.body.errors?.[0].extensions?.messageEn).toMatch(/personal data protection/);
    const tooLong = await signUp({ ...donor, email: `${'a'.repeat(95)}@example.com`, pdpaConsent: true });
    expect(code(tooLong)).toBe('BAD_INPUT');

    expect((await signUp({ ...donor, pdpaConsent: true })).body.errors).toBeUndefined();
    await t.deps.mailer.flush();
    const [mail] = await smtp.waitFor('malee.d@example.com');
    expect(mail.text).toMatch(/http:\/\/namjai\.test\/activate\?xcode=[A-Za-z0-9_-]+&account=donor/);
    expect(
      (await t.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', { x: xcodeIn(mail.text) }))
        .body.errors,
    ).toBeUndefined();
    const token = await login(t, 'malee.d@example.com', donor.password, true);
    const me = await t.graphql<{ me: { username: string; userGroupCode: string; firstNameTh: string } }>(
      '{ me { username userGroupCode firstNameTh } }',
      undefined,
      bearer(token),
    );
    expect(me.body.data?.me).toEqual({
      username: 'malee.d@example.com',
      userGroupCode: 'UG-I01',
      firstNameTh: 'มาลี',
    });
  });

  it('answers a sign-up with a registered e-mail exactly as a new one, creates nobody and mails the owner instead', async () => {
    const input = (email: string) => ({
      email,
      password: 'Another-password-2569',
      firstNameTh: 'ผู้แอบอ้าง',
      lastNameTh: 'ไม่ใช่เจ้าของ',
      pdpaConsent: true,
    });
    const signUp = (email: string) =>
      t.graphql('mutation ($i: DonorRegisterInput!) { registerDonor(input: $i) }', { i: input(email) });
    const users = async () =>
      Number((await t.em().getConnection().execute('select count(*) as n from app_user'))[0].n);

    const before = await users();
    const fresh = await signUp('brand.new.donor@example.com');
    const taken = await signUp('Donor.Demo@Example.com');
    // The same status and the same body, nothing that differs in kind.
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ data: { registerDonor: true } });
    expect(await users()).toBe(before + 1);

    // The account is untouched: its own password still opens it, the sign-up's does not.
    expect(await login(t, 'donor.demo@example.com', undefined, true)).toBeTruthy();
    const intruder = await t.graphql(
      'mutation { donorLogin(username: "donor.demo@example.com", password: "Another-password-2569") { token } }',
    );
    expect(code(intruder)).toBe('INVALID_CREDENTIALS');

    await t.deps.mailer.flush();
    const [mail] = await smtp.waitFor('donor.demo@example.com');
    expect(mail.subject).toBe('ท่านมีบัญชีน้ำใจอยู่แล้ว / You already have a Namjai account');
    expect(mail.text).toContain('อีเมลนี้มีบัญชีอยู่แล้ว');
    expect(mail.text).toContain('already has an account');
    expect(mail.text).toContain('http://namjai.test/login');
    expect(mail.text).toContain('http://namjai.test/forgot-password');
    expect(mail.text).not.toContain('Another-password-2569');
    expect(mail.text).not.toContain('xcode');
  });

  it('sends a fresh activation link when the registered e-mail’s account was never activated', async () => {
    const input = {
      email: 'never.activated@example.com',
      password: 'Donate-to-Namjai-2569',
      firstNameTh: 'ลืม',
      lastNameTh: 'เปิดใช้',
      pdpaConsent: true,
    };
    const signUp = () =>
      t.graphql('mutation ($i: DonorRegisterInput!) { registerDonor(input: $i) }', { i: input });
    expect((await signUp()).body).toEqual({ data: { registerDonor: true } });
    expect((await signUp()).body).toEqual({ data: { registerDonor: true } });
    await t.deps.mailer.flush();
    const mails = await smtp.waitFor('never.activated@example.com', 2);
    const [first, second] = mails.map((m) => xcodeIn(m.text));
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
    expect(
      (await t.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', { x: second })).body.errors,
    ).toBeUndefined();
  });

  it('refuses a bad citizen id, a common password and a taken username with clear messages', async () => {
    const badId = await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: { ...registration, username: 'x.one', citizenId: '1101700203451' },
    });
    expect(badId.body.errors?.[0].extensions?.messageEn).toMatch(/citizen id/i);
    const common = await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: { ...registration, username: 'x.two', password: 'qwertyuiop' },
    });
    expect(common.body.errors?.[0].extensions?.messageEn).toMatch(/too common/);
    const taken = await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: registration,
    });
    expect(code(taken)).toBe('CONFLICT');
  });

  it('keeps administrators to their own subtree', async () => {
    const outsider = await login(t, 'approver2.demo'); // no user-management menus
    expect(
      code(
        await t.graphql(
          '{ users(filter: { currentPage: 1, rows: 5 }) { total } }',
          undefined,
          bearer(outsider),
        ),
      ),
    ).toBe('FORBIDDEN');
    // orgadmin sits at the Chiang Mai office: users of Khon Kaen are not theirs.
    await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: {
        ...registration,
        username: 'khonkaen.u',
        email: 'kk@example.go.th',
        citizenId: '1234567890121',
        organisationUnitCode: 'DSDW-P28-DON',
      },
    });
    const admin = await login(t, 'orgadmin.demo');
    const list = await t.graphql<{ users: { items: { username: string }[] } }>(
      '{ users(filter: { currentPage: 1, rows: 100 }) { items { username } } }',
      undefined,
      bearer(admin),
    );
    expect(list.body.data?.users.items.map((u) => u.username)).not.toContain('khonkaen.u');
    const everyone = await t.graphql<{ users: { items: { username: string }[] } }>(
      '{ users(filter: { currentPage: 1, rows: 100 }) { items { username } } }',
      undefined,
      bearer(await login(t, 'admin.demo')),
    );
    expect(everyone.body.data?.users.items.map((u) => u.username)).toContain('khonkaen.u');
  });

  it('resets a forgotten password through the mailed link', async () => {
    const res = await t.graphql('mutation { forgotPassword(email: "approver1.demo@namjai.local") }');
    expect(res.body.errors).toBeUndefined();
    const unknown = await t.graphql('mutation { forgotPassword(email: "nobody@example.com") }');
    expect(unknown.body).toEqual(res.body);
    await t.deps.mailer.flush();
    const [mail] = await smtp.waitFor('approver1.demo@namjai.local');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(mail.text).toContain('http://namjai.test/backoffice/reset-password?token=');
    const reset = await t.graphql(
      'mutation ($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }',
      { t: token, p: 'Reset-by-mail-2569' },
    );
    expect(reset.body.errors).toBeUndefined();
    await login(t, 'approver1.demo', 'Reset-by-mail-2569');
    const reuse = await t.graphql(
      'mutation ($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }',
      { t: token, p: 'Another-one-2569x' },
    );
    expect(code(reuse)).toBe('BAD_INPUT');
  });
});
