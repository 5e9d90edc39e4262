// The front door of this feature: what other features and the routes may use (issue 23).

export { DonateTransferListsQuery, PromptPayQrQuery, ReceivingUnitsQuery } from './donate-transfer.queries';
export { DonateTransferPage } from './donate-transfer-page';
