import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

// Access tokens: a token verified once is remembered, but its expiry is checked on every use.

const service = () => new TokenService(randomBytes(32), 15);
const claims = { sub: '7', sid: '00000000-0000-4000-8000-000000000001', kind: 'STAFF' as const };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('accepts a token again and again until it expires, then refuses it though it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = service();
    const { token } = await tokens.issue(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token altered after signing, and one signed with another key, accepted or not', async () => {
    const tokens = service();
    const { token } = await tokens.issue(claims);
    expect(await tokens.verify(token)).not.toBeNull();
    const [h, p, sig] = token.split('.');
    const payload = { ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' };
    const altered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    expect(await tokens.verify(altered)).toBeNull();
    const foreign = (await service().issue(claims)).token;
    expect(await tokens.verify(foreign)).toBeNull();
  });
});
