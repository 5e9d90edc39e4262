import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Sarabun, bundled with the product (npm @fontsource/sarabun, OFL), embedded in every PDF page as
// data: URLs: a render never reaches the network, and the PDF carries the font it was drawn with.

const require = createRequire(import.meta.url);
const WEIGHTS = [400, 700] as const;
const SUBSETS = [
  // Thai first: the unicode-range lets Latin text take the Latin subset.
  { name: 'thai', range: 'U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC' },
  {
    name: 'latin',
    range:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
] as const;

let css: string | null = null;

/** @font-face rules for Sarabun 400 and 700, Thai and Latin, read once per process. */
export function sarabunFontFaces(): string {
  if (css !== null) return css;
  css = WEIGHTS.flatMap((weight) =>
    SUBSETS.map(({ name, range }) => {
      const file = require.resolve(`@fontsource/sarabun/files/sarabun-${name}-${weight}-normal.woff2`);
      const data = readFileSync(file).toString('base64');
      return `@font-face{font-family:'Sarabun';font-style:normal;font-weight:${weight};font-display:block;src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${range};}`;
    }),
  ).join('\n');
  return css;
}
