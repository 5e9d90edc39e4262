import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStartupLists, resetStartupLists, startupList, startupListUrls } from './startup-lists';

afterEach(resetStartupLists);

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('startup lists', () => {
  it('loads every list once and only logs a failed one', async () => {
    const fetcher = vi.fn(async (url: string) =>
      url === startupListUrls.bank
        ? { ok: false, status: 503, arrayBuffer: async () => bytes('{}') }
        : { ok: true, status: 200, arrayBuffer: async () => bytes(JSON.stringify([{ url }])) },
    );
    const log = vi.fn();
    await loadStartupLists(fetcher, log);
    await loadStartupLists(fetcher, log);
    expect(fetcher).toHaveBeenCalledTimes(5);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][0])).toContain('bank');
    expect(startupList('bank')).toBeUndefined();
    expect(startupList('provinceTree')).toEqual([{ url: '/api/common/province-tree' }]);
    expect(startupList('titleName')).toEqual([{ url: '/api/common/title-name' }]);
  });

  it('parses a list on its first read, not on arrival, and logs one that is not JSON', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const log = vi.fn();
    await loadStartupLists(
      async (url) => ({
        ok: true,
        status: 200,
        arrayBuffer: async () => bytes(url === startupListUrls.bank ? '<html>' : '[1]'),
      }),
      log,
    );
    expect(parse).not.toHaveBeenCalled();
    expect(startupList('ministryTree')).toEqual([1]);
    expect(startupList('ministryTree')).toEqual([1]);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(startupList('bank')).toBeUndefined();
    expect(String(log.mock.calls[0][0])).toContain('bank');
    parse.mockRestore();
  });

  it('survives a network error without throwing', async () => {
    const log = vi.fn();
    await expect(
      loadStartupLists(async () => Promise.reject(new TypeError('offline')), log),
    ).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(5);
  });
});
