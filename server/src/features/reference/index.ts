// The front door of reference: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { countingUnit } from './types/counting-unit.reference';
export { donator } from './types/donator.reference';
export { externalOffice } from './types/external-office.reference';
export { governmentInfo } from './types/government-info.reference';
export { missingExcessReason } from './types/missing-excess-reason.reference';
export { moneyAccount } from './types/money-account.reference';
export { resource } from './types/resource.reference';
export { resourceMinimum } from './types/resource-minimum.reference';
export { sizeWeight } from './types/size-weight.reference';
export { storage } from './types/storage.reference';
