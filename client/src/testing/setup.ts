import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../platform/i18n';
import { DEFAULT_LANGUAGE } from '../platform/language';

// jsdom has no layout, so no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

// Each test starts in Thai with empty storage, as a first-time visitor does.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
});
