// The front door of this feature: what other features and the routes may use (issue 23).

export { DonationPointsQuery, ProvinceCentresQuery } from './near-me.queries';
export { NearMePage } from './near-me-page';
