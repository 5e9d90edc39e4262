import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStartupLists, resetStartupLists, startupList, startupListUrls } from './startup-lists';

afterEach(resetStartupLists);

describe('startup lists', () => {
  it('loads every list once and only logs a failed one', async () => {
    const fetcher = vi.fn(async (url: string) =>
      url === startupListUrls.bank
        ? { ok: false, status: 503, json: async () => ({}) }
        : { ok: true, status: 200, json: async () => [{ url }] },
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

  it('survives a network error without throwing', async () => {
    const log = vi.fn();
    await expect(
      loadStartupLists(async () => Promise.reject(new TypeError('offline')), log),
    ).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(5);
  });
});
