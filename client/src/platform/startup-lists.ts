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

// Each list is kept as the text that came and parsed on its first read. No screen reads one on arrival,
// and the province tree's 745 kB of JSON took a task of 12 ms of CPU to parse on this machine (about
// 46 ms on Lighthouse's phone) right after the app's first page: often the page's last long task
// (docs/public-site.md, "Start-up in short tasks").
const texts = new Map<StartupListName, string>();
const cache = new Map<StartupListName, unknown>();
let loading: Promise<void> | undefined;
let logError: (...args: unknown[]) => void = console.error;

type Fetcher = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/** Fetches every startup list once per page load; later calls return the same promise. Never throws. */
export function loadStartupLists(
  fetcher: Fetcher = (url) => fetch(url),
  log: (...args: unknown[]) => void = console.error,
) {
  logError = log;
  loading ??= Promise.all(
    (Object.entries(startupListUrls) as [StartupListName, string][]).map(async ([name, url]) => {
      try {
        const res = await fetcher(url);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        texts.set(name, await res.text());
      } catch (err) {
        log(`startup list ${name} (${url}) could not be loaded`, err);
      }
    }),
  ).then(() => undefined);
  return loading;
}

/** A loaded startup list, or undefined when it is not (yet) there or is not JSON (logged). */
export function startupList<T>(name: StartupListName): T | undefined {
  const text = texts.get(name);
  if (text !== undefined) {
    texts.delete(name);
    try {
      cache.set(name, JSON.parse(text));
    } catch (err) {
      logError(`startup list ${name} (${startupListUrls[name]}) is not JSON`, err);
    }
  }
  return cache.get(name) as T | undefined;
}

/** For tests: forget what was loaded. */
export function resetStartupLists(): void {
  texts.clear();
  cache.clear();
  loading = undefined;
}
