import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { startTestApp, type TestApp } from '../testing/test-app';

// Public forms (platform/public-forms): the bot check of the configured provider and the per-address
// write limit, through the whole HTTP stack. The provider's siteverify endpoint is a stand-in on
// loopback speaking its protocol (form-encoded secret, response, remoteip; JSON { success }).

interface Verification {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

let t: TestApp;
let provider: Server;
const verifications: Verification[] = [];
let providerUp = true;

const signUp = (email: string, headers: Record<string, string> = {}) =>
  t.graphql(
    'mutation ($i: DonorRegisterInput!) { registerDonor(input: $i) }',
    {
      i: {
        email,
        password: 'Donate-to-Namjai-2569',
        firstNameTh: 'มาลี',
        lastNameTh: 'ใจบุญ',
        phone: '081 234 5678',
        pdpaConsent: true,
      },
    },
    headers,
  );
const errorOf = (res: Awaited<ReturnType<typeof signUp>>) => res.body.errors?.[0]?.extensions ?? null;
const usersNamed = async (email: string) =>
  Number(
    (
      await t
        .em()
        .getConnection()
        .execute<{ n: string }[]>('select count(*) as n from app_user where lower(username) = lower(?)', [
          email,
        ])
    )[0].n,
  );

beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (!providerUp) {
        res.destroy();
        return;
      }
      const form = new URLSearchParams(body);
      verifications.push({
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: form.get('response') === 'human-token' }));
    });
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
  t = await startTestApp({
    publicForms: {
      botCheck: {
        provider: 'turnstile',
        secret: 'server-secret',
        verifyUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`,
      },
      writeLimit: 3,
      windowSeconds: base.publicForms.windowSeconds,
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise((done) => provider?.close(done));
});

describe('public forms', () => {
  it('refuse a sign-up without a passing bot check and write nothing; a passing token goes through', async () => {
    const missing = await signUp('no.token@example.com');
    expect(errorOf(missing)).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    expect(String(errorOf(missing)?.messageTh)).toMatch(/ไม่ใช่โปรแกรมอัตโนมัติ/);
    expect(await usersNamed('no.token@example.com')).toBe(0);

    const robot = await signUp('robot@example.com', { 'x-bot-check-token': 'robot-token' });
    expect(errorOf(robot)).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    expect(await usersNamed('robot@example.com')).toBe(0);

    const human = await signUp('human@example.com', { 'x-bot-check-token': 'human-token' });
    expect(human.body.errors).toBeUndefined();
    expect(await usersNamed('human@example.com')).toBe(1);
    expect(verifications.at(-1)).toEqual({
      secret: 'server-secret',
      response: 'human-token',
      remoteip: '127.0.0.1',
    });
  });

  it('answer 503 (not 500) when the provider cannot be reached, writing nothing', async () => {
    await t.em().getConnection().execute('delete from public_write_count');
    providerUp = false;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register/regis-user',
        headers: { 'content-type': 'application/json', 'x-bot-check-token': 'human-token' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'BOT_CHECK_UNAVAILABLE' });
    } finally {
      providerUp = true;
    }
  });

  it('count writes per address across forms and answer 429 in Thai past the limit; another address goes on', async () => {
    await t.em().getConnection().execute('delete from public_write_count');
    const human = { 'x-bot-check-token': 'human-token' };
    // Three writes of any outcome from one address: a sign-up, a refused bot check, a forgotten password.
    expect((await signUp('limit.one@example.com', human)).body.errors).toBeUndefined();
    expect(errorOf(await signUp('limit.two@example.com'))).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/user/donor-change-password',
      headers: { 'content-type': 'application/json', ...human },
      payload: JSON.stringify({ email: 'limit.one@example.com' }),
    });
    expect(forgot.statusCode).toBeLessThan(300);

    const fourth = await signUp('limit.three@example.com', human);
    expect(errorOf(fourth)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(String(errorOf(fourth)?.messageTh)).toMatch(/บ่อยเกินไป/);
    expect(await usersNamed('limit.three@example.com')).toBe(0);
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/register/regis-user',
      headers: { 'content-type': 'application/json', ...human },
      payload: '{}',
    });
    expect(rest.statusCode).toBe(429);
    expect(rest.json().messageTh).toMatch(/บ่อยเกินไป/);

    // Another address has its own count; logging in is not a public form and is not counted.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: '10.1.2.3',
      headers: { 'content-type': 'application/json', ...human },
      payload: JSON.stringify({
        query: 'mutation ($e: String!) { forgotPassword(email: $e) }',
        variables: { e: 'limit.one@example.com' },
      }),
    });
    expect(elsewhere.json().errors).toBeUndefined();
    const counts = await t
      .em()
      .getConnection()
      .execute<{ address: string; count: number }[]>(
        'select address, count from public_write_count order by address',
      );
    expect(counts).toEqual([
      { address: '10.1.2.3', count: 1 },
      { address: '127.0.0.1', count: 5 },
    ]);
  });
});
