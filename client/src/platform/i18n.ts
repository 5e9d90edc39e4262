import initial from 'virtual:namjai-locale/initial';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import type th from '../locales/th.json';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './language';
import type { LocalePart } from './locale-parts';

/** Thai is the source of truth for keys; English must have the same shape (checked by the compiler). */
const englishHasEveryKey: typeof en extends typeof th ? true : never = true;
void englishHasEveryKey;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof th };
  }
}

// The translations come in parts (locale-parts.ts): the first load carries Thai's first part; the
// rest of a language loads before any page but the home page renders, and a language the visitor
// switches to loads before the switch.
const parts: Record<Language, Record<LocalePart, () => Promise<{ default: Record<string, unknown> }>>> = {
  th: {
    first: () => Promise.resolve({ default: {} }),
    rest: () => import('virtual:namjai-locale/th/rest'),
  },
  en: {
    first: () => import('virtual:namjai-locale/en/first'),
    rest: () => import('virtual:namjai-locale/en/rest'),
  },
};
const loading = new Map<string, Promise<void>>();
let wholeLanguage = false;

function loadPart(language: Language, part: LocalePart): Promise<void> {
  const key = `${language}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = parts[language][part]().then(({ default: translations }) => {
      // The parts hold different namespaces, so a shallow merge is whole; and the part is ours, so
      // i18next need not copy it first. Its deep copy and merge of the rest of a language (some
      // forty namespaces) was a long task on a phone (docs/public-site.md, "Start-up in short tasks").
      i18n.addResourceBundle(language, 'translation', translations, false, true, {
        silent: false,
        skipCopy: true,
      });
    });
    // A failed load (offline) may be tried again by the next page.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** What a language needs before it is shown: its first part, and its rest once any page needed that. */
export async function loadLanguage(language: Language): Promise<void> {
  await loadPart(language, 'first');
  if (wholeLanguage) await loadPart(language, 'rest');
}

/** Every namespace of the current language: the root route waits for it before any page but home. */
export function loadAllTranslations(): Promise<void> {
  wholeLanguage = true;
  return loadLanguage(currentLanguage());
}

export const LANGUAGE_STORAGE_KEY = 'namjai.language';

/** The stored choice, or Thai. Storage may be unavailable (private mode, blocked cookies). */
export function readStoredLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function reflectLanguage(language: string): void {
  if (!isLanguage(language)) return;
  // Screen readers and the browser's hyphenation and font choice follow <html lang>.
  // Only when it differs: a new value makes the browser recompute the whole page's style.
  if (typeof document !== 'undefined' && document.documentElement.lang !== language)
    document.documentElement.lang = language;
  try {
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only; nothing else depends on it.
  }
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', reflectLanguage);

// The first part is bundled, so initialisation is synchronous; app-main.tsx loads a stored language
// other than Thai before the first render.
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(initial).map(([language, t]) => [language, { translation: t }]),
  ),
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  // Components re-render when a part arrives.
  react: { bindI18nStore: 'added' },
});

/** The current interface language, narrowed to the ones we ship. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}
