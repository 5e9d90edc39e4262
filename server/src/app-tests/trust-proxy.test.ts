import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, trustProxyFrom } from '../platform/config';
import { startTestApp, type TestApp } from '../testing/test-app';

// TRUST_PROXY behind a proxy of one hop (nginx's `$proxy_add_x_forwarded_for` appends the address
// it saw to whatever the visitor sent): the visitor is the right-most entry, so a spoofed left part
// changes nothing, and the public write limit and the sign-in throttle count the real address.

let t: TestApp;
beforeAll(async () => {
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
  t = await startTestApp({ trustProxy: 1, publicForms: { ...base.publicForms, writeLimit: 3 } });
});
afterAll(() => t.close());

const forgot = (forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: '127.0.0.1', // the proxy
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload: JSON.stringify({
      query: 'mutation ($e: String!) { forgotPassword(email: $e) }',
      variables: { e: 'nobody@example.com' },
    }),
  });

describe('TRUST_PROXY', () => {
  it('reads a hop count, proxy addresses and CIDRs; true is one hop; nonsense stops the start', () => {
    expect([trustProxyFrom(undefined), trustProxyFrom('false'), trustProxyFrom('0')]).toEqual([
      false,
      false,
      false,
    ]);
    expect([trustProxyFrom('true'), trustProxyFrom('2')]).toEqual([1, 2]);
    expect(trustProxyFrom('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => trustProxyFrom('nginx')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFrom('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('a spoofed X-Forwarded-For does not reset the public write limit behind one proxy', async () => {
    await (await t.ownerEm()).getConnection().execute('delete from public_write_count');
    const answers: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await forgot(`198.51.100.${i}, 203.0.113.7`);
      answers.push(res.json().errors?.[0]?.extensions?.code ?? 'OK');
    }
    expect(answers).toEqual([
      'OK',
      'OK',
      'OK',
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    const counts = await t
      .em()
      .getConnection()
      .execute<{ address: string }[]>('select distinct address from public_write_count');
    expect(counts.map((c) => c.address)).toEqual(['203.0.113.7']);
    // Another visitor behind the same proxy has their own count.
    expect((await forgot('203.0.113.8')).json().errors).toBeUndefined();
  });
});
