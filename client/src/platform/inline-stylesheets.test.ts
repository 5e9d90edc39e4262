import { describe, expect, it } from 'vitest';
import { markInlineStylesheets } from './inline-stylesheets';

describe('markInlineStylesheets', () => {
  it("marks each inline copy by a disabled link to its file, once, so the module preloader won't fetch it", () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.head.innerHTML =
      '<style data-href="/assets/index-abc.css">body{}</style><style>plain{}</style><link rel="stylesheet" href="/assets/own-def.css">';
    markInlineStylesheets(doc);
    markInlineStylesheets(doc);
    const links = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(links.map((l) => [l.getAttribute('href'), l.hasAttribute('disabled')])).toEqual([
      ['/assets/index-abc.css', true],
      ['/assets/own-def.css', false],
    ]);
    // Right after its inline copy.
    expect(doc.head.querySelector('style[data-href]')?.nextElementSibling).toBe(links[0]);
  });
});
