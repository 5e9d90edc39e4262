/**
 * The public pages drawn in plain HTML (ui/public-site.css, and the plain skin of the form kit) that
 * read their data with a plain fetch (platform/public-query.ts): they render without Apollo
 * Client and Chakra UI, which load only when the visitor goes on to another page (routes/__root.tsx;
 * docs/public-site.md, "The first load"). One path a line.
 */
export const PLAIN_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/near-me',
  '/short-supply',
  '/donate-money-by-bank-transfer',
]);
