import { type AppError, notFound } from '../../platform/errors';
import { type ShortfallInput, type ShortfallKind, type StockPlace, stockShortfall } from './ledger.errors';
import { isNegative, magnitudeOf } from './ledger-values';
import type { Deltas, StockPostings } from './stock-postings';

// Turning a refused stock posting into the 409 a person reads: what ran short, where, how much.
// Read inside the refused action's transaction, which then rolls back.

/** The codes and names a refusal shows. */
export async function placeOf(
  stock: StockPostings,
  storageId: number,
  resourceId: number,
): Promise<StockPlace> {
  const [row] = await stock.rows<{
    storage_code: string;
    storage_name_th: string;
    storage_name_en: string | null;
    resource_code: string;
    resource_name_th: string;
    resource_name_en: string | null;
    unit_th: string | null;
    unit_en: string | null;
  }>(
    `select s.code as storage_code, s.name_th as storage_name_th, s.name_en as storage_name_en,
       r.code as resource_code, r.name_th as resource_name_th, r.name_en as resource_name_en,
       u.name_th as unit_th, u.name_en as unit_en
     from ref_storage s cross join ref_resource r left join ref_counting_unit u on u.id = r.counting_unit_id
     where s.id = ? and r.id = ?`,
    [storageId, resourceId],
  );
  if (!row) {
    throw notFound(
      `ไม่พบคลัง ${storageId} หรือสิ่งของ ${resourceId}`,
      `No storage ${storageId} or resource ${resourceId}`,
    );
  }
  return {
    storageCode: row.storage_code,
    storageNameTh: row.storage_name_th,
    storageNameEn: row.storage_name_en,
    resourceCode: row.resource_code,
    resourceNameTh: row.resource_name_th,
    resourceNameEn: row.resource_name_en,
    unitTh: row.unit_th,
    unitEn: row.unit_en,
  };
}

export async function shortfallAt(
  stock: StockPostings,
  storageId: number,
  resourceId: number,
  input: ShortfallInput,
): Promise<AppError> {
  return stockShortfall(await placeOf(stock, storageId, resourceId), input);
}

/** The shortfall error for a guarded statement that refused this change of a balance row. */
export async function refusalOf(stock: StockPostings, balanceId: number, deltas: Deltas): Promise<AppError> {
  const [b] = await stock.rows<{
    storage_id: number;
    resource_id: number;
    lot: string;
    expiry_date: string | null;
    available: string;
    reserved: string;
    in_transit: string;
  }>(
    `select storage_id, resource_id, lot, expiry_date::text as expiry_date,
       (on_hand - reserved)::text as available, reserved::text as reserved, in_transit::text as in_transit
     from stock_balance where id = ?`,
    [balanceId],
  );
  if (!b) throw new Error(`stock balance ${balanceId} vanished inside its transaction`);
  const kind: ShortfallKind = isNegative(deltas.reserved)
    ? 'RESERVED'
    : isNegative(deltas.inTransit)
      ? 'IN_TRANSIT'
      : 'AVAILABLE';
  const requested =
    kind === 'RESERVED'
      ? deltas.reserved
      : kind === 'IN_TRANSIT'
        ? deltas.inTransit
        : isNegative(deltas.onHand)
          ? deltas.onHand
          : deltas.reserved;
  const available = kind === 'RESERVED' ? b.reserved : kind === 'IN_TRANSIT' ? b.in_transit : b.available;
  return shortfallAt(stock, b.storage_id, b.resource_id, {
    kind,
    available,
    requested: magnitudeOf(requested),
    lot: b.lot,
    expiryDate: b.expiry_date,
  });
}
