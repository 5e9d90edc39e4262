// The front door of disbursements: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { moneyDisbursement } from './money-disbursement.document';
export { resourceDisbursement } from './resource-disbursement.document';
