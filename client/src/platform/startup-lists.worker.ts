// The startup lists' worker (startup-lists.ts): fetches every list off the page's main thread and
// hands each one over as bytes, the buffer transferred rather than copied. Receiving the province
// tree's 745 kB on the page's thread was 58–79 ms of its CPU after the first paint, in tasks
// Lighthouse counts as blocking (docs/public-site.md, "Nothing holds the first frame").
import { fetchStartupList, type StartupListName, startupListUrls } from './startup-list-fetch';

self.onmessage = async () => {
  await Promise.all(
    (Object.keys(startupListUrls) as StartupListName[]).map(async (name) => {
      const list = await fetchStartupList((url) => fetch(url), name);
      if ('bytes' in list) self.postMessage(list, { transfer: [list.bytes] });
      else self.postMessage(list);
    }),
  );
  self.postMessage({ done: true });
};
