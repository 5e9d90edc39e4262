/**
 * What a plain public page (platform/plain-pages.ts) asks for when it opens, by operation name and
 * variables (a few hundred bytes, in index.html's entry). main.tsx has platform/public-fetch.ts ask
 * for it as soon as the prerendered copy is on screen, beside the app's code, so the app's first
 * render of the page has its data: one render and one commit, not a render of placeholders and
 * another as each answer arrives (docs/public-site.md, "The page's data beside the app").
 * page-data.test.tsx renders each page and fails when this differs from what it asks for.
 *
 * Not the home page: its four sections drawn with their data in the app's first commit made that
 * commit one long task, and Lighthouse scored `/` lower (median 78 against 84, 7 runs of each side
 * by side). Near me, the short-supply list and the bank-transfer form draw their lists in a
 * transition (useDeferredValue): pooled over 14 runs their medians moved by +2.5 to +3.
 */
export const PAGE_QUERIES: Readonly<
  Record<string, readonly (readonly [name: string, variables?: Record<string, unknown>])[]>
> = {
  '/near-me': [['DonationPoints'], ['ProvinceCentres']],
  '/short-supply': [['AddressProvinces'], ['ShortSupply', { provinceId: null }]],
  '/donate-money-by-bank-transfer': [['DonationReceivingUnits'], ['DonateTransferLists']],
};
