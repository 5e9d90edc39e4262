// The front door of this feature: what other features and the routes may use (issue 23).
export { E_DONATION_SCREENS } from './e-donation.screens';
