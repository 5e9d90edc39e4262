// A prerendered page carries the entry's stylesheet inline (client/scripts/prerender.mjs: a fetched
// stylesheet in the head held the first frame). Before the app loads a chunk, Vite's module
// preloader looks for that stylesheet among the page's <link>s and, not finding one, fetches it and
// applies it a second time, restyling the whole page. Each inline copy is therefore marked by a
// disabled link to its file: the preloader counts it as there, and a disabled stylesheet is neither
// fetched nor applied (docs/public-site.md, "Nothing holds the first frame").

/** Adds a disabled <link rel="stylesheet"> for each `<style data-href>` of the page. */
export function markInlineStylesheets(doc: Document = document): void {
  for (const style of doc.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const href = style.dataset.href;
    if (!href || doc.querySelector(`link[rel="stylesheet"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.setAttribute('disabled', '');
    link.href = href;
    style.after(link);
  }
}
