// The reference lists the client loads once at start (specification sec. 3): province tree, banks,
// both ministry trees and title names. A failed fetch is only logged (sec. 8): screens that need a
// list fall back to their own query or show it empty.

export const startupListUrls = {
  provinceTree: '/api/common/province-tree',
  bank: '/api/common/bank',
  ministryTree: '/api/common/ministry-tree',
  ministryTree2: '/api/common/ministry-tree2',
  titleName: '/api/common/title-name',
} as const;

export type StartupListName = keyof typeof startupListUrls;

const cache = new Map<StartupListName, unknown>();
let loading: Promise<void> | undefined;

type Fetcher = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/** Fetches every startup list once per page load; later calls return the same promise. Never throws. */
export function loadStartupLists(
  fetcher: Fetcher = (url) => fetch(url),
  log: (...args: unknown[]) => void = console.error,
) {
  loading ??= Promise.all(
    (Object.entries(startupListUrls) as [StartupListName, string][]).map(async ([name, url]) => {
      try {
        const res = await fetcher(url);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        cache.set(name, await res.json());
      } catch (err) {
        log(`startup list ${name} (${url}) could not be loaded`, err);
      }
    }),
  ).then(() => undefined);
  return loading;
}

/** A loaded startup list, or undefined when it is not (yet) there. */
export function startupList<T>(name: StartupListName): T | undefined {
  return cache.get(name) as T | undefined;
}

/** For tests: forget what was loaded. */
export function resetStartupLists(): void {
  cache.clear();
  loading = undefined;
}
