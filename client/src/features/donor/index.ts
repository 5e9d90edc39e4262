// The front door of this feature: what other features and the routes may use (issue 23).

export type { DonorView } from './donation-history-page';
export { DonationHistoryPage } from './donation-history-page';
