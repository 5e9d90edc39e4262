import { readFileSync } from 'node:fs';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18n } from '../platform/i18n';
import { DEFAULT_LANGUAGE } from '../platform/language';
import { resetStartupLists } from '../platform/startup-lists';
import { toaster } from '../ui/toaster';

// findBy* and waitFor wait up to 5 s (the default 1 s fails on a 2-core CI machine busy with the
// server and browser projects at the same time); a screen that never appears still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout, so no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// The public shell's and home page's styles are a CSS file (main.tsx imports it), not Chakra's styles
// in JavaScript; the page has them, so the tests do too (what they hide, such as the folded menu, is
// hidden). jsdom applies no media queries: the layout is the phone's.
// Files share a worker's modules and its jsdom page (vitest.config.ts: isolate false), so the sheet
// is added once.
if (!document.getElementById('public-site-css')) {
  const style = document.createElement('style');
  style.id = 'public-site-css';
  // Read from disk: with `css: false` an import of the file, even `?raw`, is empty.
  style.textContent = readFileSync(`${import.meta.dirname}/../ui/public-site.css`, 'utf8');
  document.head.append(style);
}

// Each file starts as a fresh page would: no toast left from the file before (the toaster's store
// lives in a module, and the next file's <Toaster> would show its toasts), no lists loaded.
beforeAll(() => {
  toaster.remove();
  resetStartupLists();
});
// ...and leaves no fake clock, stubbed global or spy to the file after it.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Each test starts in Thai with empty storage, as a first-time visitor does.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});
