// The front door of money-donations: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { moneyDonation, receiptDeliveries } from './money-donation.document';
export { sessionOf } from './money-donations.seed';
