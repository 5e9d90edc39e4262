import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './language';

/** Thai is the source of truth for keys; English must have the same shape (checked by the compiler). */
const english: typeof th = en;

export const resources = {
  th: { translation: th },
  en: { translation: english },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['th'];
  }
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
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  try {
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only; nothing else depends on it.
  }
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', reflectLanguage);

// Resources are bundled, so initialisation is synchronous and the first render is already translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...Object.keys(resources)],
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** The current interface language, narrowed to the ones we ship. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
