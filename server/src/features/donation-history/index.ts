// The front door of donation-history: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export type { RequestOrigin } from './donation-history.queries';
export { goodsValueLateral } from './donation-history.queries';
export { DonationKind } from './donation-history.type';
export { approvedDonationsSql, goodsValueOf } from './donation-values';
