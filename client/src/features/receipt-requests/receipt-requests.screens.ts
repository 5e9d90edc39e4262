import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

const list = screen(async () => (await import('./receipt-request-list-page')).ReceiptRequestListPage);

/**
 * Receipt requests: the queue to work (reqs-receipt-donation-resouce, MN-053, spelled as the
 * specification spells it; both goods and money requests) and their history (view-donation-reqs-history,
 * MN-059). One list page; the menu entry decides which.
 */
export const RECEIPT_REQUEST_SCREENS: FeatureScreens = {
  'reqs-receipt-donation-resouce': list,
  'view-donation-reqs-history': list,
};
