import { describe, expect, it } from 'vitest';
import { lazyApiSource } from './api-client';
import { SessionStore } from './session/session-store';

describe('the lazy API source', () => {
  it('loads Apollo on first need, once, and tells its listeners', async () => {
    const source = lazyApiSource(new SessionStore());
    let told = 0;
    source.subscribe(() => told++);
    expect(source.loaded).toBeNull();

    const [first, second] = await Promise.all([source.load(), source.load()]);
    expect(second).toBe(first);
    expect(source.loaded).toBe(first);
    expect(await source.client()).toBe(first.client);
    expect(told).toBe(1);
    // The client is the app's: its cache keeps documents by type and id (platform/apollo.ts).
    expect(first.client.cache.identify({ __typename: 'Document', type: 'GOODS_DONATION', id: 7 })).toBe(
      'Document:{"type":"GOODS_DONATION","id":7}',
    );
  });
});
