import type { ReferenceType } from '../../kits/reference/reference-kit';
import { countingUnit } from './types/counting-unit.reference';
import { donator } from './types/donator.reference';
import { externalOffice } from './types/external-office.reference';
import { governmentInfo } from './types/government-info.reference';
import { missingExcessReason } from './types/missing-excess-reason.reference';
import { moneyAccount } from './types/money-account.reference';
import { resource } from './types/resource.reference';
import { resourceMain } from './types/resource-main.reference';
import { resourceMinimum } from './types/resource-minimum.reference';
import { resourceSub } from './types/resource-sub.reference';
import { sizeWeight } from './types/size-weight.reference';
import { storage } from './types/storage.reference';

/**
 * The basic-data types this feature declares on the reference kit, in the kit's order (enum, access
 * snapshot); adding one here (plus its migration) is all the kit needs.
 */
export const referenceDataTypes: readonly ReferenceType[] = [
  governmentInfo,
  storage,
  moneyAccount,
  resourceMain,
  resourceSub,
  resource,
  resourceMinimum,
  sizeWeight,
  countingUnit,
  donator,
  externalOffice,
  missingExcessReason,
];
