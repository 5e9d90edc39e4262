import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/**
 * The e-Donation export (docs/e-donation.md): view-data-revenue (MN-112) lists the rows and who keyed
 * them; export-data-revenue (MN-111) also downloads them and marks them keyed. One page, two modes.
 */
export const E_DONATION_SCREENS: FeatureScreens = {
  'view-data-revenue': screen(async () => (await import('./e-donation-page')).EDonationViewPage),
  'export-data-revenue': screen(async () => (await import('./e-donation-page')).EDonationExportPage),
};
