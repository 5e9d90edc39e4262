// The translations are one file per language (src/locales/*.json), delivered in two parts: the
// namespaces below come with the first load of the home page (its header, footer, hero, figures and
// lists); every other namespace loads before any other page renders (routes/__root.tsx). A new
// namespace therefore reaches every page but the home page without any change here; the home page
// and the public shell may use only these (checked by locale-parts.test.ts).
export const FIRST_LOAD_NAMESPACES = [
  'app',
  'nav',
  'language',
  'footer',
  'common',
  'home',
  'notFound',
  'errorPage',
  'session',
] as const;

export type LocalePart = 'first' | 'rest';

/** The part of a language's translations a namespace is delivered in. */
export function partOf(namespace: string): LocalePart {
  return (FIRST_LOAD_NAMESPACES as readonly string[]).includes(namespace) ? 'first' : 'rest';
}
