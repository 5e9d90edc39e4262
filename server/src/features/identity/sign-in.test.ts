import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../kits/core/demo-accounts';
import { loadConfig } from '../../platform/config';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { throttleDelaySeconds } from './login-throttle';

// Sign-in that strangers can neither block nor probe (docs/sign-in.md), through the whole HTTP stack,
// with a bot-check provider configured: a stand-in on loopback speaking the siteverify protocol
// (form-encoded secret, response, remoteip; JSON { success }), which passes "human-token" only.

let t: TestApp;
let provider: Server;
const verifications: { response: string | null; remoteip: string | null }[] = [];

const THAI = 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง หรือลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่';
const ENGLISH = 'Wrong username or password, or too many attempts: wait a moment and try again';
const WRONG = 'not-the-password-2569';

type Errors = { message: string; extensions?: Record<string, unknown> }[];

async function gqlLogin(
  username: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) {
  const res = await t.graphql<{ login: { token: string } }>(
    'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: username, p: password },
    headers,
    { ip },
  );
  return { status: res.status, token: res.body.data?.login.token ?? null, errors: res.body.errors as Errors };
}

async function restLogin(
  username: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    // ipaddr is the caller's word (spec sec. 3): it never takes the place of the connection's address.
    payload: JSON.stringify({ username, password, ipaddr: '192.0.2.99' }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, unknown> };
}

/** The GraphQL error as a client sees it, without what differs by request. */
const answerOf = (errors: Errors | undefined) => {
  const [first] = errors ?? [];
  return {
    message: first?.message,
    code: first?.extensions?.code,
    status: first?.extensions?.status,
    messageTh: first?.extensions?.messageTh,
    messageEn: first?.extensions?.messageEn,
  };
};
const restAnswerOf = ({ status, body }: { status: number; body: Record<string, unknown> }) => {
  const { requestId: _id, ...rest } = body;
  return { status, ...rest };
};

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.em().getConnection().execute<T[]>(text, params);
}
/**
 * Moves the attempts of an address back in time, as if `ms` had passed since they were made: a
 * fixture write the server's role may not make (an attempt's time is kept as written), so as the owner.
 */
const age = async (ip: string, ms: number) =>
  (await t.ownerEm())
    .getConnection()
    .execute(`update login_attempt set at = at - make_interval(secs => ?) where ip = ?`, [ms / 1000, ip]);
const lastOutcome = async (ip: string) =>
  (
    await sql<{ outcome: string }>(
      'select outcome from login_attempt where ip = ? order by id desc limit 1',
      [ip],
    )
  )[0]?.outcome;

beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      verifications.push({ response: form.get('response'), remoteip: form.get('remoteip') });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: form.get('response') === 'human-token' }));
    });
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
  expect(base.auth.login).toEqual({
    windowMinutes: 15,
    pairFailures: 5,
    addressFailures: 20,
    accountFailures: 20,
    delaySeconds: 1,
    delayMaxSeconds: 60,
  });
  t = await startTestApp({
    // The default thresholds, with a first delay of a minute: a loaded machine never outlasts it
    // between two attempts; tests move attempts back in time (age) instead of waiting.
    auth: { ...base.auth, login: { ...base.auth.login, delaySeconds: 60, delayMaxSeconds: 3600 } },
    publicForms: {
      ...base.publicForms,
      botCheck: {
        provider: 'turnstile',
        secret: 'server-secret',
        verifyUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`,
      },
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise((done) => provider?.close(done));
});

describe('sign-in throttling', () => {
  it('grows the delay from 1 s, doubling per failure past a threshold, up to the cap', () => {
    const limits = { delaySeconds: 1, delayMaxSeconds: 60 };
    expect([4, 5, 6, 7, 8, 10, 11, 12, 40].map((n) => throttleDelaySeconds(n, 5, limits))).toEqual([
      0, 1, 2, 4, 8, 32, 60, 60, 60,
    ]);
    expect(throttleDelaySeconds(100, 0, limits)).toBe(0);
  });

  it('gives one answer to an unknown username, a wrong password and a throttled attempt, on GraphQL and REST', async () => {
    const unknown = await gqlLogin('nobody.here', WRONG, '10.1.0.1');
    const wrong = await gqlLogin('officer.demo', WRONG, '10.1.0.2');
    for (let i = 0; i < 4; i++) await gqlLogin('officer.demo', WRONG, '10.1.0.3');
    // The fifth failure of the pair: the sixth attempt, with the right password, is not even checked.
    await gqlLogin('officer.demo', WRONG, '10.1.0.3');
    const throttled = await gqlLogin('officer.demo', demoPassword, '10.1.0.3');
    expect(await lastOutcome('10.1.0.3')).toBe('THROTTLED');

    const expected = {
      message: `${THAI} / ${ENGLISH}`,
      code: 'INVALID_CREDENTIALS',
      status: 401,
      messageTh: THAI,
      messageEn: ENGLISH,
    };
    for (const res of [unknown, wrong, throttled]) {
      expect(res.status).toBe(200);
      expect(res.token).toBeNull();
      expect(answerOf(res.errors)).toEqual(expected);
    }
    expect(new Set([unknown, wrong, throttled].map((r) => JSON.stringify(answerOf(r.errors)))).size).toBe(1);

    const restUnknown = await restLogin('nobody.here', WRONG, '10.1.0.4');
    const restWrong = await restLogin('officer.demo', WRONG, '10.1.0.5');
    const restThrottled = await restLogin('officer.demo', demoPassword, '10.1.0.3');
    expect(await lastOutcome('10.1.0.3')).toBe('THROTTLED');
    const restExpected = {
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: `${THAI} / ${ENGLISH}`,
      messageTh: THAI,
      messageEn: ENGLISH,
    };
    for (const res of [restUnknown, restWrong, restThrottled])
      expect(restAnswerOf(res)).toEqual(restExpected);
    // The body's ipaddr was never taken for the address.
    expect(
      (await sql<{ n: number }>(`select count(*)::int as n from login_attempt where ip = '192.0.2.99'`))[0].n,
    ).toBe(0);
  });

  it('throttles a (username, address) pair after 5 failures with a growing delay; the owner elsewhere is not held back', async () => {
    // Delays here: 60 s after the fifth failure, 120 s after the sixth.
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) expect((await gqlLogin('approver1.demo', WRONG, ip)).errors).toBeDefined();
    expect(await lastOutcome(ip)).toBe('FAILED');
    expect((await gqlLogin('approver1.demo', demoPassword, ip)).token).toBeNull();
    expect(await lastOutcome(ip)).toBe('THROTTLED');
    // Another address is another pair: the owner signs in at once.
    expect((await gqlLogin('approver1.demo', demoPassword, '10.2.0.2')).token).toBeTruthy();

    // 90 s later the first delay has passed: the attempt is checked (and fails: six failures, 120 s).
    await age(ip, 90_000);
    await gqlLogin('approver1.demo', WRONG, ip);
    expect(await lastOutcome(ip)).toBe('FAILED');
    await age(ip, 90_000);
    expect((await gqlLogin('approver1.demo', demoPassword, ip)).token).toBeNull();
    expect(await lastOutcome(ip)).toBe('THROTTLED');
    await age(ip, 60_000);
    expect((await gqlLogin('approver1.demo', demoPassword, ip)).token).toBeTruthy();
    expect(await lastOutcome(ip)).toBe('SUCCESS');

    const audited = await sql<{ event: string; details: Record<string, unknown> | null }>(
      `select event, details from audit_event where event = 'LOGIN_THROTTLED' and ip = ? order by id`,
      [ip],
    );
    expect(audited.map((a) => a.details?.rule)).toEqual(['PAIR', 'PAIR']);
  });

  it('throttles an address after 20 failures across usernames, whatever username it tries next', async () => {
    const ip = '10.3.0.1';
    for (let i = 1; i <= 20; i++) {
      const res = await gqlLogin(`ghost${String(i).padStart(2, '0')}.user`, WRONG, ip);
      expect(answerOf(res.errors).code).toBe('INVALID_CREDENTIALS');
    }
    expect(await lastOutcome(ip)).toBe('FAILED');
    // A username never tried from here, with its right password: refused without a check.
    const refused = await restLogin('orgadmin.demo', demoPassword, ip);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('INVALID_CREDENTIALS');
    expect(await lastOutcome(ip)).toBe('THROTTLED');
    const [audited] = await sql<{ details: Record<string, unknown> }>(
      `select details from audit_event where event = 'LOGIN_THROTTLED' and ip = ? order by id desc limit 1`,
      [ip],
    );
    expect(audited.details).toMatchObject({ rule: 'ADDRESS', failures: 20 });
    // The same person from another address is not held back.
    expect((await restLogin('orgadmin.demo', demoPassword, '10.3.0.2')).status).toBe(200);
    // The delay passed, the address may try again.
    await age(ip, 61_000);
    expect((await restLogin('orgadmin.demo', demoPassword, ip)).status).toBe(200);
  });

  it('lets the owner sign in from their own address at once after a stranger’s 50 wrong passwords, recording and auditing all 50', async () => {
    const stranger = '10.4.0.66';
    for (let i = 0; i < 50; i++) {
      const res = await gqlLogin('approver2.demo', `${WRONG}-${i}`, stranger);
      expect(answerOf(res.errors).code).toBe('INVALID_CREDENTIALS');
    }
    const owner = await gqlLogin('approver2.demo', demoPassword, '10.4.0.7');
    expect(owner.errors).toBeUndefined();
    expect(owner.token).toBeTruthy();

    const rows = await sql<{ outcome: string; n: number }>(
      `select outcome, count(*)::int as n from login_attempt where ip = ? and username = 'approver2.demo'
       group by outcome order by outcome`,
      [stranger],
    );
    expect(rows).toEqual([
      { outcome: 'FAILED', n: 5 },
      { outcome: 'THROTTLED', n: 45 },
    ]);
    const events = await sql<{ event: string; n: number }>(
      `select event, count(*)::int as n from audit_event where ip = ? group by event order by event`,
      [stranger],
    );
    expect(events).toEqual([
      { event: 'LOGIN_FAILED', n: 5 },
      { event: 'LOGIN_THROTTLED', n: 45 },
    ]);
    // No password reaches the audit trail.
    const leaked = await sql<{ n: number }>(
      `select count(*)::int as n from audit_event where details::text like ? or subject like ?`,
      [`%${WRONG}%`, `%${WRONG}%`],
    );
    expect(leaked[0].n).toBe(0);
    // The account was never locked.
    const [user] = await sql<{ user_status_code: string }>(
      `select user_status_code from app_user where username = 'approver2.demo'`,
    );
    expect(user.user_status_code).toBe('A');
  });

  it('asks for a bot check on a username with 20 failures from everywhere, and lets a human owner in with one', async () => {
    // A botnet: 20 addresses, one guess each: no pair or address rule applies.
    for (let i = 1; i <= 20; i++) await gqlLogin('executive.demo', WRONG, `10.5.1.${i}`);
    const ownerIp = '10.5.0.1';
    const bare = await gqlLogin('executive.demo', demoPassword, ownerIp);
    expect(answerOf(bare.errors)).toMatchObject({ code: 'BOT_CHECK_REQUIRED', status: 400 });
    expect(String(answerOf(bare.errors).messageTh)).toMatch(/ไม่ใช่โปรแกรมอัตโนมัติ/);
    expect(await lastOutcome(ownerIp)).toBe('BOT_CHECK');
    const robot = await gqlLogin('executive.demo', demoPassword, ownerIp, {
      'x-bot-check-token': 'robot-token',
    });
    expect(answerOf(robot.errors)).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    expect(verifications.at(-1)).toEqual({ response: 'robot-token', remoteip: ownerIp });
    const human = await gqlLogin('executive.demo', demoPassword, ownerIp, {
      'x-bot-check-token': 'human-token',
    });
    expect(human.errors).toBeUndefined();
    expect(human.token).toBeTruthy();
    // REST logins of that username need it too.
    expect((await restLogin('executive.demo', demoPassword, ownerIp)).body.code).toBe('BOT_CHECK_REQUIRED');
    const rest = await restLogin('executive.demo', demoPassword, ownerIp, {
      'x-bot-check-token': 'human-token',
    });
    expect(rest.status).toBe(200);

    // Crossing the threshold was audited once.
    const [crossed] = await sql<{ n: number }>(
      `select count(*)::int as n from audit_event where event = 'LOGIN_USERNAME_UNDER_ATTACK' and subject = 'username:executive.demo'`,
    );
    expect(crossed.n).toBe(1);
  });

  it('asks the same of a username nobody has, so the bot check tells nothing about who exists', async () => {
    for (let i = 1; i <= 20; i++) await gqlLogin('no.such.person', WRONG, `10.6.1.${i}`);
    const res = await gqlLogin('no.such.person', WRONG, '10.6.0.1');
    expect(answerOf(res.errors)).toMatchObject({ code: 'BOT_CHECK_REQUIRED', status: 400 });
    const passed = await gqlLogin('no.such.person', WRONG, '10.6.0.1', {
      'x-bot-check-token': 'human-token',
    });
    expect(answerOf(passed.errors).code).toBe('INVALID_CREDENTIALS');
  });
});

describe('answers that carry a token', () => {
  it('are never stored: Cache-Control no-store on the REST login, refresh and one-time token calls, refusals included', async () => {
    const ok = await restLogin('admin.demo', demoPassword, '10.7.0.1');
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await restLogin('admin.demo', WRONG, '10.7.0.2');
    expect(refused.headers['cache-control']).toBe('no-store');
    const token = String(ok.body.token);
    const post = (url: string, body: unknown = {}, bearer = token) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.7.0.1',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        payload: JSON.stringify(body),
      });
    const donor = await t.app.inject({
      method: 'POST',
      url: '/api/auth/donor-login',
      remoteAddress: '10.7.0.3',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'donor.demo@example.com', password: demoPassword }),
    });
    expect(donor.statusCode).toBe(200);
    expect(donor.headers['cache-control']).toBe('no-store');

    const refreshed = await post('/api/auth/refresh-token');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const next = refreshed.json().token as string;
    const reorganized = await post('/api/auth/reorganize-token', {}, next);
    expect(reorganized.statusCode).toBe(200);
    expect(reorganized.headers['cache-control']).toBe('no-store');
    const current = reorganized.json().token as string;
    const external = await post('/api/auth/external-token', { menu: 'MN-113' }, current);
    expect(external.headers['cache-control']).toBe('no-store');
    const decrypted = await post('/api/auth/decrypt-token', { code: 'not-a-code' }, current);
    expect(decrypted.headers['cache-control']).toBe('no-store');
    // GraphQL answers were already never stored.
    const gql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ me { username } }' }),
    });
    expect(gql.headers['cache-control']).toBe('no-store');
  });
});
