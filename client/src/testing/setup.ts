import { readFileSync } from 'node:fs';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../platform/i18n';
import { DEFAULT_LANGUAGE } from '../platform/language';

// findBy* and waitFor wait up to 5 s (the default 1 s fails on a 2-core CI machine busy with the
// server and browser projects at the same time); a screen that never appears still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout, so no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// The public shell's and home page's styles are a CSS file (main.tsx imports it), not Chakra's styles
// in JavaScript; the page has them, so the tests do too (what they hide, such as the folded menu, is
// hidden). jsdom applies no media queries: the layout is the phone's.
const style = document.createElement('style');
// Read from disk: with `css: false` an import of the file, even `?raw`, is empty.
style.textContent = readFileSync(`${import.meta.dirname}/../ui/public-site.css`, 'utf8');
document.head.append(style);

// Each test starts in Thai with empty storage, as a first-time visitor does.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});
