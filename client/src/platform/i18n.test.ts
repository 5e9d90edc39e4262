import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { i18n, LANGUAGE_STORAGE_KEY, readStoredLanguage } from './i18n';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const client = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('i18n', () => {
  it('starts in Thai', () => {
    expect(i18n.language).toBe('th');
    expect(i18n.t('notFound.title')).toBe('ไม่พบหน้าที่คุณต้องการ');
  });

  it('restores a stored language and ignores anything else', () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null),
    });
    expect(readStoredLanguage(storage('en'))).toBe('en');
    expect(readStoredLanguage(storage('th'))).toBe('th');
    expect(readStoredLanguage(storage('fr'))).toBe('th');
    expect(readStoredLanguage(storage(null))).toBe('th');
    expect(readStoredLanguage(undefined)).toBe('th');
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readStoredLanguage(blocked)).toBe('th');
  });

  it('applies the stored choice while it initialises, before anything renders', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    document.documentElement.lang = 'th';
    vi.resetModules();
    try {
      const fresh = await import('./i18n');
      // No await between the module's evaluation and these: the init read the choice synchronously.
      expect(fresh.i18n.language).toBe('en');
      expect(fresh.currentLanguage()).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    } finally {
      // The files after this one share the worker's modules (vitest.config.ts: isolate false): the
      // English instance must not be the i18n they import.
      window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
      document.documentElement.lang = 'th';
      vi.resetModules();
    }
  });

  it('has public/language.js read the same stored choice before the first paint', () => {
    const script = readFileSync(resolve(client, 'public/language.js'), 'utf8');
    expect(script).toContain(`getItem('${LANGUAGE_STORAGE_KEY}')`);
    const index = readFileSync(resolve(client, 'index.html'), 'utf8');
    expect(index).toMatch(/<head>[\s\S]*<script src="\/language\.js"><\/script>[\s\S]*<\/head>/);
    expect(index).toContain('html[data-language-pending] #root { visibility: hidden; }');
  });

  it('has every Thai text in English and nothing extra (English adds the singular of a plural)', () => {
    const plural = (keys: string[]) => [
      ...new Set(keys.map((key) => key.replace(/_(one|other)$/, '_other'))),
    ];
    expect(plural(keysOf(en)).sort()).toEqual(keysOf(th).sort());
    for (const key of keysOf(en).filter((k) => k.endsWith('_one'))) {
      expect(keysOf(en)).toContain(key.replace(/_one$/, '_other'));
    }
    const empty = keysOf(en).filter((key) => i18n.getFixedT('en')(key as 'app.name') === '');
    expect(empty).toEqual([]);
  });
});
