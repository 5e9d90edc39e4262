// Before the first paint (a classic script in <head>, run before the body is parsed): the visitor's
// stored language (platform/i18n.ts, LANGUAGE_STORAGE_KEY) goes on <html lang>. A prerendered page
// is Thai (scripts/prerender.mjs), so with English chosen #root stays hidden (index.html's style)
// until the app has drawn the page in English (app-main.tsx), or at most a few seconds.
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
