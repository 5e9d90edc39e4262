// The front door of donation-api: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { dayText, decimalText, loadersOf } from './donation-loaders';
export { documentHeaderFields, donationCount, donationPage, donationWhere } from './donation-page';
export { CountingUnitType, MoneyAccountType, ResourceType, StorageType } from './donation-parts.type';
export { statusEnum } from './donation-status';
export { prefetch, prefetched } from './prefetch';
