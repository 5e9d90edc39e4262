// One startup list fetched as bytes, for startup-lists.ts: in the lists' worker
// (startup-lists.worker.ts) or, where there is no worker, on the page's own thread.

export const startupListUrls = {
  provinceTree: '/api/common/province-tree',
  bank: '/api/common/bank',
  ministryTree: '/api/common/ministry-tree',
  ministryTree2: '/api/common/ministry-tree2',
  titleName: '/api/common/title-name',
} as const;

export type StartupListName = keyof typeof startupListUrls;

export type ListFetcher = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'arrayBuffer'>>;

/** A list's bytes as they came (not decoded, not parsed), or why there are none. */
export type FetchedList =
  | { name: StartupListName; bytes: ArrayBuffer }
  | { name: StartupListName; error: string };

export async function fetchStartupList(fetcher: ListFetcher, name: StartupListName): Promise<FetchedList> {
  try {
    const res = await fetcher(startupListUrls[name]);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return { name, bytes: await res.arrayBuffer() };
  } catch (err) {
    return { name, error: err instanceof Error ? err.message : String(err) };
  }
}
