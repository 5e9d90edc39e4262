import type { FeatureScreens } from '../../ui/app-shell/feature-screen-props';
import { DOCUMENT_SCREENS } from '../documents';
import { DONATION_HISTORY_SCREENS } from '../donation-history';
import { E_DONATION_SCREENS } from '../e-donation';
import { PENDING_WORK_SCREENS } from '../pending-work';
import { RECEIPT_REQUEST_SCREENS } from '../receipt-requests';
import { REFERENCE_SCREENS } from '../reference';
import { REPORT_SCREENS } from '../reports';
import { THANKS_LETTER_SCREENS } from '../thanks-letters';
import { USER_GROUPS_SCREENS } from '../user-groups';
import { USERS_SCREENS } from '../users';

/**
 * The features that offer back-office screens, each through its own `<feature>.screens.ts`. A new
 * feature adds its list here; keys that no feature offers show the coming-later panel.
 */
export const FEATURE_SCREEN_LISTS: Readonly<Record<string, FeatureScreens>> = {
  users: USERS_SCREENS,
  'user-groups': USER_GROUPS_SCREENS,
  reference: REFERENCE_SCREENS,
  documents: DOCUMENT_SCREENS,
  'donation-history': DONATION_HISTORY_SCREENS,
  'receipt-requests': RECEIPT_REQUEST_SCREENS,
  'e-donation': E_DONATION_SCREENS,
  'thanks-letters': THANKS_LETTER_SCREENS,
  'pending-work': PENDING_WORK_SCREENS,
  reports: REPORT_SCREENS,
};

/** Every screen built so far, by feature key. */
export const FEATURE_SCREENS: FeatureScreens = Object.fromEntries(
  Object.values(FEATURE_SCREEN_LISTS).flatMap((screens) => Object.entries(screens)),
);
