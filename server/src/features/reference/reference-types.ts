import type { EntitySchema } from '@mikro-orm/core';
import type { ReferenceType } from '../../kits/reference/reference-kit';
import { describeAccess } from '../../platform/graphql/access';
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

/** Every declared reference type; adding one here (plus its migration) is all the kit needs. */
export const referenceTypes: readonly ReferenceType[] = [
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

/** The entities the kit derives (government info uses the organisation's own entity). */
export const referenceEntities: EntitySchema[] = referenceTypes
  .filter((t) => t.auditColumns)
  .map((t) => t.entity as EntitySchema);

export function referenceTypeOf(type: string): ReferenceType | undefined {
  return referenceTypes.find((t) => t.type === type);
}

/**
 * The menu codes each kit operation checks per type (the GraphQL fields declare only their union),
 * one line per type and operation, for the access snapshot.
 */
export function describeReferenceAccess(): string[] {
  const kitCodes = [
    ...new Set(referenceTypes.flatMap((t) => [...t.menus.view, ...t.menus.create, ...t.menus.edit])),
  ];
  const operations: [string, (t: ReferenceType) => string[]][] = [
    ['list', (t) => t.menus.view],
    ['get', (t) => t.menus.view],
    ['options', () => kitCodes],
    ['create', (t) => t.menus.create],
    ['edit', (t) => t.menus.edit],
    ['set-status', (t) => t.menus.edit],
    ['delete', (t) => t.menus.edit],
  ];
  return referenceTypes.flatMap((t) =>
    operations.map(
      ([op, codes]) => `reference ${t.type} ${op}: ${describeAccess({ kind: 'menu', codes: codes(t) })}`,
    ),
  );
}
