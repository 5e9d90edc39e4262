// The reference lists the client loads once at start (specification sec. 3): province tree, banks,
// both ministry trees and title names. A failed fetch is only logged (sec. 8): screens that need a
// list fall back to their own query or show it empty.
import {
  type FetchedList,
  fetchStartupList,
  type ListFetcher,
  type StartupListName,
  startupListUrls,
} from './startup-list-fetch';

export { type StartupListName, startupListUrls } from './startup-list-fetch';

// Each list is kept as the bytes that came, decoded and parsed on its first read. No screen reads one
// on arrival, and the province tree's 745 kB of JSON took a task of 12 ms of CPU to parse on this
// machine (about 46 ms on Lighthouse's phone) right after the app's first page: often the page's last
// long task (docs/public-site.md, "Start-up in short tasks"). In a browser they are fetched by a
// worker (startup-lists.worker.ts), so neither their arrival nor their decoding runs on the page's
// thread until a screen asks for one.
const received = new Map<StartupListName, ArrayBuffer>();
const cache = new Map<StartupListName, unknown>();
let loading: Promise<void> | undefined;
let logError: (...args: unknown[]) => void = console.error;

function keep(list: FetchedList, log: (...args: unknown[]) => void) {
  if ('bytes' in list) received.set(list.name, list.bytes);
  else log(`startup list ${list.name} (${startupListUrls[list.name]}) could not be loaded`, list.error);
}

/** Every list through the lists' worker; resolves once each has come or failed. */
function loadInWorker(log: (...args: unknown[]) => void): Promise<void> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./startup-lists.worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      worker.terminate();
      resolve();
    };
    worker.onmessage = ({ data }: MessageEvent<FetchedList | { done: true }>) => {
      if ('done' in data) end();
      else keep(data, log);
    };
    worker.onerror = (event) => {
      log('startup lists could not be loaded: their worker failed', event.message);
      end();
    };
    worker.postMessage('load');
  });
}

/**
 * Fetches every startup list once per page load; later calls return the same promise. Never throws.
 * In a browser the lists' worker fetches them; `fetcher` fetches them on this thread instead (tests,
 * and a browser without workers).
 */
export function loadStartupLists(fetcher?: ListFetcher, log: (...args: unknown[]) => void = console.error) {
  logError = log;
  loading ??=
    fetcher === undefined && typeof Worker !== 'undefined'
      ? loadInWorker(log)
      : Promise.all(
          (Object.keys(startupListUrls) as StartupListName[]).map(async (name) =>
            keep(await fetchStartupList(fetcher ?? ((url) => fetch(url)), name), log),
          ),
        ).then(() => undefined);
  return loading;
}

/** A loaded startup list, or undefined when it is not (yet) there or is not JSON (logged). */
export function startupList<T>(name: StartupListName): T | undefined {
  const bytes = received.get(name);
  if (bytes !== undefined) {
    received.delete(name);
    try {
      cache.set(name, JSON.parse(new TextDecoder().decode(bytes)));
    } catch (err) {
      logError(`startup list ${name} (${startupListUrls[name]}) is not JSON`, err);
    }
  }
  return cache.get(name) as T | undefined;
}

/** For tests: forget what was loaded. */
export function resetStartupLists(): void {
  received.clear();
  cache.clear();
  loading = undefined;
}
