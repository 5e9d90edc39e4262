import type { FeatureModule } from '../../platform/module';
import { EDonationMarkSchema } from './e-donation-mark.entity';

/**
 * The e-Donation export (export-data-revenue MN-111, view-data-revenue MN-112; docs/e-donation.md):
 * approved money donations and valued goods donations as the Revenue Department's e-Donation system
 * takes them, with the marks of rows keyed into it.
 */
export const eDonationModule: FeatureModule = {
  name: 'e-donation',
  entities: [EDonationMarkSchema],
};
