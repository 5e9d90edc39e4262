import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/** The ministry's donation history (view-donation-history-MSDHS, MN-058). */
export const DONATION_HISTORY_SCREENS: FeatureScreens = {
  'view-donation-history-MSDHS': screen(
    async () => (await import('./donation-history-page')).DonationHistoryPage,
  ),
};
