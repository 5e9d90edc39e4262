import { DOCUMENT_SCREENS } from '../documents/documents.screens';
import { DONATION_HISTORY_SCREENS } from '../donation-history/donation-history.screens';
import { E_DONATION_SCREENS } from '../e-donation/e-donation.screens';
import { PENDING_WORK_SCREENS } from '../pending-work/pending-work.screens';
import { RECEIPT_REQUEST_SCREENS } from '../receipt-requests/receipt-requests.screens';
import { REFERENCE_SCREENS } from '../reference/reference.screens';
import { REPORT_SCREENS } from '../reports/reports.screens';
import { THANKS_LETTER_SCREENS } from '../thanks-letters/thanks-letters.screens';
import { USER_GROUPS_SCREENS } from '../user-groups/user-groups.screens';
import { USERS_SCREENS } from '../users/users.screens';
import type { FeatureScreens } from './feature-screen-props';

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
