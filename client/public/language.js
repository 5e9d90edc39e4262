// Before the first paint (a classic script in <head>, run before the body is parsed): the visitor's
// stored language (platform/i18n.ts, LANGUAGE_STORAGE_KEY) goes on <html lang>. A prerendered page
// is Thai (scripts/prerender.mjs), so with English chosen #root stays hidden (index.html's style)
// until the app has drawn the page in English (app-main.tsx), or at most a few seconds.
//
// The app starts after the first paint (platform/after-first-paint.ts), so a visitor may press the
// prerendered language switch before the app can answer it: until the app has drawn its page
// (<html data-app-drawn>), that press is taken here. The choice is stored and, for English, the
// Thai copy hidden until the app draws the page in English; the app reads the stored choice when
// it draws (app-main.tsx, LanguageShown).
(() => {
  document.addEventListener(
    'click',
    (event) => {
      const html = document.documentElement;
      if (html.hasAttribute('data-app-drawn')) return;
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest('button[data-language-switch]');
      const language = button?.getAttribute('data-language-switch');
      if (language !== 'en' && language !== 'th') return;
      event.preventDefault();
      try {
        window.localStorage.setItem('namjai.language', language);
      } catch {
        // Storage blocked: the app starts in Thai, as a visitor without storage always sees.
      }
      html.lang = language;
      if (language === 'en') html.setAttribute('data-language-pending', '');
      else html.removeAttribute('data-language-pending');
    },
    true,
  );
})();
(() => {
  try {
    if (window.localStorage.getItem('namjai.language') !== 'en') return;
    const html = document.documentElement;
    html.lang = 'en';
    html.setAttribute('data-language-pending', '');
    setTimeout(() => html.removeAttribute('data-language-pending'), 5000);
  } catch {
    // Storage blocked: the page stays in Thai until the app starts, as before.
  }
})();
