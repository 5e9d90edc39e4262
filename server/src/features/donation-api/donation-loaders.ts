import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { OrganisationUnit, OrganisationUnitSchema } from '../../kits/core/organisation.entity';
import type { DocumentLineRow } from '../../kits/documents/document-kit';
import type { ReferenceRow } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { goodsDonation } from '../donations';
import { countingUnit, donator, moneyAccount, resource, storage } from '../reference';
import {
  type CountingUnitType,
  type DonorType,
  MoneyAccountType,
  type ResourceType,
  StorageType,
} from './donation-parts.type';
import { GoodsDonationItemType } from './goods-donation.type';

// The nested reads of the donations API: one DataLoader per relation and request (kept by the
// request's EntityManager fork, so nothing outlives the request). Every row of a page asking for its
// donor, storage, items, … joins one batch, read in one statement (`where id = any(…)`), so a page
// costs the same number of statements whatever its size (donation-api.test.ts counts them). Within
// a request each item is read once; the loaders serve reads only. Rows are read as plain values, not
// entities: hydrating a page's 500 rows into entities took most of a request's CPU (docs/benchmarks.md).

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

// Storages and accounts as instances of their types (their organisation is a field resolver: see
// toResourceDisbursement).
const toStorage = (r: ReferenceRow): StorageType =>
  Object.assign(new StorageType(), {
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

const toAccount = (r: ReferenceRow): MoneyAccountType =>
  Object.assign(new MoneyAccountType(), {
    id: r.id,
    code: r.code,
    nameTh: r.nameTh,
    nameEn: r.nameEn,
    bankCode: r.bankCode as string,
    accountNumber: r.accountNumber as string,
    ownerUnitId: idOf(r.ownerUnit) as number,
  });

/** An item, with its resource (the row joined to it). */
export const toGoodsItem = (l: DocumentLineRow, resource: ResourceType): GoodsDonationItemType =>
  Object.assign(new GoodsDonationItemType(), {
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
    resource,
    countingUnitId: idOf(l.countingUnit),
  });

const selects = new WeakMap<object, Map<string, Select>>();
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The entity's columns as `<alias>.<column> as <prefix><property>`, a reference as its id: every
 * column, or only `properties` (those its view reads: a column nobody reads is still parsed by the
 * driver, a timestamp into a Date).
 */
function columnsOf(
  em: EntityManager,
  entity: EntitySchema,
  alias: string,
  prefix = '',
  properties?: readonly string[],
): { sql: string; property: string }[] {
  return em
    .getMetadata(entity)
    .props.filter(
      (p) =>
        (p.kind === 'scalar' || p.kind === 'm:1') &&
        p.fieldNames?.length === 1 &&
        (!properties || properties.includes(p.name)),
    )
    .map((p) => ({
      sql: `${alias}.${quote(p.fieldNames[0])} as ${quote(prefix + p.name)}`,
      property: p.name,
    }));
}

function columnOf(em: EntityManager, entity: EntitySchema, property: string): string {
  const meta = em.getMetadata(entity);
  const column = meta.props.find((p) => p.name === property)?.fieldNames[0];
  if (!column) throw new Error(`${meta.className} has no ${property}`);
  return quote(column);
}

interface Join {
  /** The reference property whose row comes along. */
  reference: string;
  entity: EntitySchema;
  /** The joined row's properties to read (default every column). */
  properties?: readonly string[];
}

interface Select {
  sql: string;
  /** The joined row's columns: each as the statement names it (`<reference>.<property>`) and its property. */
  joined: [string, string][];
}

/**
 * `select <columns as properties> from <table> where <key> = any(?)`, built once per table, key and
 * columns from the entity's metadata: a reference comes back as its id, a decimal as its text, a date
 * as YYYY-MM-DD. With `join`, the row a reference points to comes along in the same statement, its
 * columns prefixed `<reference>.`. The query builder would build the same statement anew on every call.
 */
function selectWhere(
  em: EntityManager,
  entity: EntitySchema,
  key: string,
  join?: Join,
  properties?: readonly string[],
): Select {
  let byKey = selects.get(entity);
  if (!byKey) {
    byKey = new Map();
    selects.set(entity, byKey);
  }
  const cacheKey = `${key}|${properties?.join(',') ?? '*'}|${join ? `${join.reference}:${join.properties?.join(',') ?? '*'}` : ''}`;
  let select = byKey.get(cacheKey);
  if (!select) {
    const columns = columnsOf(em, entity, 't', '', properties).map((c) => c.sql);
    const joinedColumns = join ? columnsOf(em, join.entity, 'j', `${join.reference}.`, join.properties) : [];
    let from = `${quote(em.getMetadata(entity).tableName)} t`;
    if (join) {
      columns.push(...joinedColumns.map((c) => c.sql));
      from += ` join ${quote(em.getMetadata(join.entity).tableName)} j on j.${columnOf(em, join.entity, 'id')} = t.${columnOf(em, entity, join.reference)}`;
    }
    select = {
      sql: `select ${columns.join(', ')} from ${from} where t.${columnOf(em, entity, key)} = any(?::int[])`,
      joined: joinedColumns.map((c) => [`${join?.reference}.${c.property}`, c.property]),
    };
    byKey.set(cacheKey, select);
  }
  return select;
}

/**
 * Plain rows of a table whose `key` is one of the ids, in one statement; nothing is hydrated. With
 * `join`, each row's `joined` is the joined row (its own properties).
 */
async function rowsWhere<R extends object>(
  em: EntityManager,
  entity: EntitySchema<R>,
  key: string,
  ids: readonly number[],
  options: { join?: Join; properties?: readonly string[] } = {},
): Promise<(R & { joined: ReferenceRow })[]> {
  const select = selectWhere(em, entity as unknown as EntitySchema, key, options.join, options.properties);
  const rows = await em
    .getConnection()
    .execute<(R & { joined: ReferenceRow })[]>(select.sql, [`{${ids.join(',')}}`]);
  if (options.join)
    for (const row of rows) {
      const values = row as Record<string, unknown>;
      const joined: Record<string, unknown> = {};
      for (const [column, property] of select.joined) joined[property] = values[column];
      row.joined = joined as unknown as ReferenceRow;
    }
  return rows;
}

/**
 * Rows of a table by id (only the `properties` its view reads), in one statement per batch. A
 * missing row (which a foreign key rules out) fails its own load as a server error, not the caller's.
 */
function byId<R extends { id: number }, V>(
  em: EntityManager,
  entity: EntitySchema<R>,
  view: (row: R) => V,
  properties: readonly string[],
): DataLoader<number, V> {
  return new DataLoader(async (ids) => {
    const found = new Map(
      (await rowsWhere(em, entity, 'id', ids, { properties })).map((r) => [r.id, view(r)]),
    );
    return ids.map((id) => found.get(id) ?? new Error(`${entity.meta.className} ${id} is missing`));
  });
}

/** The properties each view reads. */
const NAMED = ['id', 'code', 'nameTh', 'nameEn'] as const;
const DONOR = [...NAMED, 'donorType', 'taxId', 'phone', 'email', 'addressLine'] as const;
const STORAGE = [...NAMED, 'addressLine', 'phone', 'ownerUnit'] as const;
const ACCOUNT = [...NAMED, 'bankCode', 'accountNumber', 'ownerUnit'] as const;

function makeLoaders(em: EntityManager) {
  const resources = byId(em, resource.entity, toNamed, NAMED);
  /** Units' rows that came along with their storages, made entities only when a unit is asked for. */
  const unitRows = new Map<number, ReferenceRow>();
  return {
    donors: byId(em, donator.entity, toDonor, DONOR),
    // The storages' divisions come in the same statement and wait in unitRows: a storage's
    // organisation (the disbursements' page asks for it) then costs no statement of its own.
    storages: new DataLoader<number, StorageType>(async (ids) => {
      const rows = await rowsWhere(em, storage.entity, 'id', ids, {
        properties: STORAGE,
        join: { reference: 'ownerUnit', entity: OrganisationUnitSchema as unknown as EntitySchema },
      });
      const found = new Map<number, StorageType>();
      for (const row of rows) {
        unitRows.set(row.joined.id, row.joined);
        found.set(row.id, toStorage(row));
      }
      return ids.map((id) => found.get(id) ?? new Error(`Storage ${id} is missing`));
    }),
    resources,
    countingUnits: byId(em, countingUnit.entity, toNamed, NAMED),
    moneyAccounts: byId(em, moneyAccount.entity, toAccount, ACCOUNT),
    // Units as entities (a few a page): the OrganisationUnit type resolves its own relations. A unit
    // read with its storage is merged from that row; only the others are read.
    units: new DataLoader<number, OrganisationUnit>(async (ids) => {
      const found = new Map<number, OrganisationUnit>();
      for (const id of ids) {
        const row = unitRows.get(id);
        if (row)
          found.set(
            id,
            em.merge(OrganisationUnit, row as never, { convertCustomTypes: true }) as OrganisationUnit,
          );
      }
      const rest = ids.filter((id) => !found.has(id));
      if (rest.length)
        for (const u of await em.find(OrganisationUnit, { id: { $in: rest } })) found.set(u.id, u);
      return ids.map((id) => found.get(id) ?? new Error(`OrganisationUnit ${id} is missing`));
    }),
    /** A goods donation's items by the donation's id, in line order. */
    goodsItems: new DataLoader<number, GoodsDonationItemType[]>(async (ids) => {
      // The items' resources come in the same statement, each item carrying its own: an item's
      // resource is the field a page asks for most, and its own statement would be the request's sixth.
      const lines = await rowsWhere(em, goodsDonation.lineEntity, 'document', ids, {
        join: {
          reference: 'resource',
          entity: resource.entity as unknown as EntitySchema,
          properties: NAMED,
        },
      });
      const byDocument = new Map<number, typeof lines>(ids.map((id) => [id, []]));
      for (const line of lines) byDocument.get(idOf(line.document) as number)?.push(line);
      return ids.map((id) =>
        (byDocument.get(id) ?? [])
          .sort((a, b) => a.lineNo - b.lineNo)
          .map((line) => toGoodsItem(line, toNamed(line.joined))),
      );
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
