import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import th from '../locales/th.json';
import { FIRST_LOAD_NAMESPACES, partOf } from './locale-parts';
import { PLAIN_PAGES } from './plain-pages';

// The home page's first load has only the first part of the translations. Every module it imports
// statically (from the root layout, the public layout and the home route; lazy imports excluded)
// must therefore name keys of those namespaces only, or the visitor would read a raw key.

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const namespaces = Object.keys(th);
const STATIC_IMPORT = /(?:^|\n)\s*import\s+(?!type\b)([^'"]*?)\s*from\s+'(\.{1,2}\/[^']+)'/g;
// A feature's front door (index.ts) only re-exports; the build treats it as free of side effects
// (client/vite.config.ts), so an import through it loads only the files that give the names taken.
const RE_EXPORT = /(?:^|\n)\s*export\s+(?!type\b)(\{[^}]*\}|\*)\s*from\s+'(\.{1,2}\/[^']+)'/g;
const namesOf = (clause: string): string[] | null => {
  const braces = clause.match(/\{([^}]*)\}/);
  if (!braces) return null;
  return braces[1]
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith('type '))
    .map((n) => n.split(/\s+as\s+/)[0].trim());
};
const KEY = new RegExp(`['\`](${namespaces.join('|')})\\.[A-Za-z\${]`, 'g');

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      readFileSync(candidate);
      if (/\.(ts|tsx)$/.test(candidate)) return candidate;
    } catch {}
  }
  return null;
}

function firstLoadModules(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    // The route tree imports every route file, whose components the build splits into lazy chunks;
    // the walk starts from the routes the home page renders instead.
    if (seen.has(file) || /\/(gql|locales)\/|routeTree\.gen\.ts$/.test(file)) return;
    seen.add(file);
    for (const [, clause, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const next = resolveModule(file, specifier);
      if (!next) continue;
      if (!next.endsWith('/index.ts')) {
        visit(next);
        continue;
      }
      const taken = namesOf(clause);
      for (const [, exported, from] of readFileSync(next, 'utf8').matchAll(RE_EXPORT)) {
        const given = exported === '*' ? null : namesOf(exported);
        if (taken && given && !given.some((n) => taken.includes(n))) continue;
        const target = resolveModule(next, from);
        if (target) visit(target);
      }
    }
  };
  for (const entry of entries) visit(resolve(src, entry));
  return seen;
}

describe('translations of the first load', () => {
  it('are enough for every module the home page loads first', () => {
    const modules = firstLoadModules([
      'main.tsx',
      'routes/__root.tsx',
      'routes/_public.tsx',
      'routes/_public/index.tsx',
    ]);
    expect([...modules].some((m) => m.endsWith('features/home/figures-section.tsx'))).toBe(true);
    const outside = [...modules].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(KEY)]
        .map((m) => m[1])
        .filter((namespace) => partOf(namespace) === 'rest')
        .map((namespace) => `${file.slice(src.length + 1)}: ${namespace}`),
    );
    expect([...new Set(outside)]).toEqual([]);
  });

  it('name namespaces that exist', () => {
    for (const namespace of FIRST_LOAD_NAMESPACES) expect(namespaces).toContain(namespace);
  });
});

// The same walk guards the libraries the home page does without (docs/public-site.md, "The home
// page without Apollo and Chakra"): Apollo Client and Chakra UI load before any other page renders,
// never with the home page. A static import of either from a module of its first load would bring
// the whole library back into it.
const PACKAGE_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(@apollo\/[^']+|@chakra-ui\/[^']+|@emotion\/[^']+)'/g;

describe('the home page’s first load', () => {
  it('imports neither Apollo Client nor Chakra UI', () => {
    const modules = firstLoadModules([
      'main.tsx',
      'app-main.tsx',
      'routes/__root.tsx',
      'routes/_public.tsx',
      'routes/_public/index.tsx',
    ]);
    expect([...modules].some((m) => m.endsWith('ui/app-shell/site-header.tsx'))).toBe(true);
    const imports = [...modules].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(PACKAGE_IMPORT)].map(
        (m) => `${file.slice(src.length + 1)}: ${m[1]}`,
      ),
    );
    expect(imports).toEqual([]);
  });
});

// The other public pages drawn in plain HTML (ui/public-site.css, the plain skin of the form kit in
// ui/form/plain) render without Chakra and without Apollo (routes/__root.tsx, PLAIN_PAGES): a static
// import of either (or emotion) from a module of their route chunk (or of near me's lazy map, Leaflet
// only) would bring it back into their first load.
describe('the first load of the other plain pages', () => {
  it.each([
    [
      'routes/_public/donate-money-by-bank-transfer.tsx',
      [
        'features/donate-transfer/donate-transfer-page.tsx',
        'features/donate-transfer/receiving-unit-picker.tsx',
        'features/donate-transfer/promptpay-qr.tsx',
        'features/donate-transfer/slip-field.tsx',
        'ui/form/plain/address-field.tsx',
      ],
    ],
    [
      'routes/_public/near-me.tsx',
      ['features/near-me/donation-point-card.tsx', 'ui/public-place-select.tsx'],
    ],
    [
      'routes/_public/short-supply.tsx',
      ['features/short-supply/short-supply-province.tsx', 'ui/public-place-select.tsx'],
    ],
    ['features/near-me/map/near-me-map.tsx', ['features/near-me/map/near-me-map.tsx']],
  ])('%s imports neither Apollo Client nor Chakra UI nor emotion', (route, reached) => {
    const modules = firstLoadModules([route]);
    for (const part of reached)
      expect(
        [...modules].some((m) => m.endsWith(part)),
        part,
      ).toBe(true);
    const imports = [...modules].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(PACKAGE_IMPORT)].map(
        (m) => `${file.slice(src.length + 1)}: ${m[1]}`,
      ),
    );
    expect(imports).toEqual([]);
  });

  it('are served without Apollo and Chakra by the root route', () => {
    for (const path of ['/', '/near-me', '/short-supply', '/donate-money-by-bank-transfer'])
      expect(PLAIN_PAGES.has(path)).toBe(true);
  });
});
