import { menuCatalogue } from '../../platform/menu-catalogue';
import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/**
 * The basic-data screens (menu catalogue MN-008..MN-026): every one is the reference-data kit's list
 * page, which shows the types whose descriptors name the key. The spelling "goverment" is the
 * catalogue's.
 */
export const REFERENCE_SCREEN_KEYS: readonly string[] = menuCatalogue
  .filter((entry) => {
    const number = Number(entry.code.slice(3));
    return number >= 8 && number <= 26;
  })
  .map((entry) => entry.key);

// One chunk for all nineteen keys: they are the same page.
const referenceListPage = screen(async () => (await import('./reference-list-page')).ReferenceListPage);

export const REFERENCE_SCREENS: FeatureScreens = Object.fromEntries(
  REFERENCE_SCREEN_KEYS.map((key) => [key, referenceListPage]),
);
