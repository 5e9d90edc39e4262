import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { DocumentLineRow } from '../documents/document-kit';
import { goodsDonation } from '../donations/goods-donation.document';
import { DonationReceipt } from '../money-donations/receipt.entity';
import { OrganisationUnit } from '../organisation/organisation.entity';
import type { ReferenceRow } from '../reference/reference-kit';
import { idOf } from '../reference/reference-view';
import { countingUnit } from '../reference/types/counting-unit.reference';
import { donator } from '../reference/types/donator.reference';
import { moneyAccount } from '../reference/types/money-account.reference';
import { resource } from '../reference/types/resource.reference';
import { storage } from '../reference/types/storage.reference';
import type {
  CountingUnitType,
  DonorType,
  MoneyAccountType,
  ResourceType,
  StorageType,
} from './donation-parts.type';
import type { GoodsDonationItemType } from './goods-donation.type';

// The nested reads of the donations API: one DataLoader per relation and request (kept by the
// request's EntityManager fork, so nothing outlives the request). Every row of a page asking for its
// donor, storage, items, … joins one batch, read in one statement (`where id in (…)`), so a page
// costs the same number of statements whatever its size (donation-api.test.ts counts them). Within
// a request each item is read once; the loaders serve reads only.

/** A decimal column as text with its scale, as the database renders it (and the receipts show it). */
export const decimalText = (value: unknown, scale: number): string | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value
      : Number(value).toFixed(scale);

/** A date column as YYYY-MM-DD. */
export const dayText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value);

const toDonor = (r: ReferenceRow): DonorType => ({
  id: r.id,
  code: r.code,
  donorType: r.donorType as string,
  nameTh: r.nameTh,
  nameEn: r.nameEn,
  taxId: (r.taxId as string | null) ?? null,
  phone: (r.phone as string | null) ?? null,
  email: (r.email as string | null) ?? null,
  addressLine: (r.addressLine as string | null) ?? null,
});

const toStorage = (r: ReferenceRow): StorageType => ({
  id: r.id,
  code: r.code,
  nameTh: r.nameTh,
  nameEn: r.nameEn,
  addressLine: (r.addressLine as string | null) ?? null,
  phone: (r.phone as string | null) ?? null,
  ownerUnitId: idOf(r.ownerUnit) as number,
});

const toNamed = (r: ReferenceRow): ResourceType & CountingUnitType => ({
  id: r.id,
  code: r.code,
  nameTh: r.nameTh,
  nameEn: r.nameEn,
});

const toAccount = (r: ReferenceRow): MoneyAccountType => ({
  id: r.id,
  code: r.code,
  nameTh: r.nameTh,
  nameEn: r.nameEn,
  bankCode: r.bankCode as string,
  accountNumber: r.accountNumber as string,
  ownerUnitId: idOf(r.ownerUnit) as number,
});

export const toGoodsItem = (l: DocumentLineRow): GoodsDonationItemType => ({
  id: l.id,
  lineNo: l.lineNo,
  character: l.character as string,
  quantity: decimalText(l.quantity, 3) as string,
  unitValue: decimalText(l.unitValue, 2) as string,
  priceFrom: l.priceFrom as string,
  expiryDate: dayText(l.expiryDate),
  lot: (l.lot as string | null) ?? null,
  acceptedQuantity: decimalText(l.acceptedQuantity, 3),
  rejectedQuantity: decimalText(l.rejectedQuantity, 3),
  screenStatus: (l.screenStatus as string | null) ?? null,
  classification: (l.classification as string | null) ?? null,
  screenReason: (l.screenReason as string | null) ?? null,
  resourceId: idOf(l.resource) as number,
  countingUnitId: idOf(l.countingUnit),
});

/** Rows of a table by id, in one statement per batch; an id without a row answers null. */
function byId<R extends { id: number }, V>(
  em: EntityManager,
  entity: EntitySchema<R> | (new () => R),
  view: (row: R) => V,
): DataLoader<number, V | null> {
  return new DataLoader(async (ids) => {
    const rows = await em.find(entity as EntitySchema<R>, { id: { $in: [...ids] } } as never);
    const found = new Map(rows.map((r) => [r.id, view(r as R)]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

function makeLoaders(em: EntityManager) {
  return {
    donors: byId(em, donator.entity, toDonor),
    storages: byId(em, storage.entity, toStorage),
    resources: byId(em, resource.entity, toNamed),
    countingUnits: byId(em, countingUnit.entity, toNamed),
    moneyAccounts: byId(em, moneyAccount.entity, toAccount),
    // Units as entities: the OrganisationUnit type resolves its own relations (parent, province).
    units: byId(em, OrganisationUnit, (u) => u),
    /** A goods donation's items by the donation's id, in line order. */
    goodsItems: new DataLoader<number, GoodsDonationItemType[]>(async (ids) => {
      const lines = await em.find(
        goodsDonation.lineEntity,
        { document: { $in: [...ids] } },
        { orderBy: { document: 'asc', lineNo: 'asc' } },
      );
      const byDocument = new Map<number, GoodsDonationItemType[]>(ids.map((id) => [id, []]));
      for (const line of lines) byDocument.get(idOf(line.document) as number)?.push(toGoodsItem(line));
      return ids.map((id) => byDocument.get(id) ?? []);
    }),
    /** The receipt a money donation's approval issued, by the donation's id. */
    moneyReceipts: new DataLoader<number, DonationReceipt | null>(async (ids) => {
      const receipts = await em.find(DonationReceipt, {
        documentType: 'MONEY_DONATION',
        documentId: { $in: [...ids] },
      });
      const byDocument = new Map(receipts.map((r) => [r.documentId, r]));
      return ids.map((id) => byDocument.get(id) ?? null);
    }),
  };
}

export type DonationLoaders = ReturnType<typeof makeLoaders>;

const perRequest = new WeakMap<EntityManager, DonationLoaders>();

/** This request's loaders. */
export function loadersOf(em: EntityManager): DonationLoaders {
  let loaders = perRequest.get(em);
  if (!loaders) {
    loaders = makeLoaders(em);
    perRequest.set(em, loaders);
  }
  return loaders;
}

/** A row the foreign key guarantees; its absence is a server error, not the caller's. */
export async function required<V>(
  loader: DataLoader<number, V | null>,
  id: number,
  what: string,
): Promise<V> {
  const found = await loader.load(id);
  if (found === null) throw new Error(`${what} ${id} is missing`);
  return found;
}
