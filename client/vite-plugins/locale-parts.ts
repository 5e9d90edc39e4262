import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { type LocalePart, partOf } from '../src/platform/locale-parts.ts';

// The translations' delivery (src/platform/locale-parts.ts), as virtual modules:
// - `virtual:namjai-locale/initial`: what the first load carries, Thai's first part;
// - `virtual:namjai-locale/<language>/<part>`: one part of src/locales/<language>.json, loaded later.
// With `whole` (the unit tests) the initial module holds every language whole and the parts are
// empty, so a test can switch language without waiting.

const PREFIX = 'virtual:namjai-locale/';
const INITIAL_LANGUAGE = 'th';

export function localeParts(localesDir: string, { whole = false } = {}): Plugin {
  const read = (language: string) =>
    JSON.parse(readFileSync(`${localesDir}/${language}.json`, 'utf8')) as Record<string, unknown>;
  const part = (translations: Record<string, unknown>, which: LocalePart) =>
    Object.fromEntries(Object.entries(translations).filter(([namespace]) => partOf(namespace) === which));
  const module = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
  return {
    name: 'namjai:locale-parts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const rest = id.slice(PREFIX.length + 1);
      const languages = readdirSync(localesDir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5));
      for (const language of languages) this.addWatchFile(`${localesDir}/${language}.json`);
      if (rest === 'initial') {
        return module(
          whole
            ? Object.fromEntries(languages.map((language) => [language, read(language)]))
            : { [INITIAL_LANGUAGE]: part(read(INITIAL_LANGUAGE), 'first') },
        );
      }
      const [language, which] = rest.split('/');
      if (!languages.includes(language) || (which !== 'first' && which !== 'rest')) {
        throw new Error(`unknown translations ${id}`);
      }
      return module(whole ? {} : part(read(language), which));
    },
  };
}
