import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/** The thanks-letter list (view-thanks-letter-list, MN-148). */
export const THANKS_LETTER_SCREENS: FeatureScreens = {
  'view-thanks-letter-list': screen(async () => (await import('./thanks-letters-page')).ThanksLettersPage),
};
