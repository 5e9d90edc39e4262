import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { i18n, LANGUAGE_STORAGE_KEY, readStoredLanguage } from './i18n';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

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

  it('has every Thai text in English and nothing extra', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(th).sort());
    const empty = keysOf(en).filter((key) => i18n.getFixedT('en')(key as 'app.name') === '');
    expect(empty).toEqual([]);
  });
});
