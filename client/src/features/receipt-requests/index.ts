// The front door of this feature: what other features and the routes may use (issue 23).
export { ReceiptRequestDetailsDialog } from './receipt-request-details-dialog';
export { ReceiptRequestPage } from './receipt-request-page';
export { ReceiptRequestStatusPage } from './receipt-request-status-page';
export { RECEIPT_REQUEST_SCREENS } from './receipt-requests.screens';
