// The front door of e-donation: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { E_DONATION_EXPORT_MENU, eDonationRowsSql, overdueEDonationRows } from './e-donation.queries';
