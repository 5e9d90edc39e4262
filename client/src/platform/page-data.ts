import { askEarly, type Variables } from './public-fetch';

/**
 * What each plain public page (platform/plain-pages.ts) asks for when it opens, by operation name and
 * variables. main.tsx asks for it as soon as the prerendered copy is on screen, beside the app's code,
 * so the app's first render of the page has its data: one render and one commit, not a render of
 * placeholders and another as each answer arrives (docs/public-site.md, "The page's data beside the
 * app"). page-data.test.tsx renders each page and fails when this differs from what it asks for.
 */
export const PAGE_QUERIES: Readonly<
  Record<string, readonly (readonly [name: string, variables?: Variables])[]>
> = {
  '/': [['HomeFigures'], ['MostNeeded'], ['DonationPointsByRegion'], ['HomeOrganisation']],
  '/near-me': [['DonationPoints'], ['ProvinceCentres']],
  '/short-supply': [['AddressProvinces'], ['ShortSupply', { provinceId: null }]],
  '/donate-money-by-bank-transfer': [['DonationReceivingUnits'], ['DonateTransferLists']],
};

/** Asks for the data of the page at `path`, if it is one of the plain pages. */
export function askPageData(path: string): void {
  for (const [name, variables] of PAGE_QUERIES[path] ?? []) askEarly(name, variables);
}
