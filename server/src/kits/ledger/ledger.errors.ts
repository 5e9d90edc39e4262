import { isoDayToBE } from '@namjai/common/calendar';
import { AppError } from '../../platform/errors';
import { readable } from './ledger-values';

// Refusals a person sees when a document action would take more than there is. The action's
// transaction rolls back, so nothing of it is written.

/** What ran short: free stock (on hand less reserved), a reservation, stock in transit. */
export type ShortfallKind = 'AVAILABLE' | 'RESERVED' | 'IN_TRANSIT';

/** Codes and names of the resource and storage concerned (read when refusing). */
export interface StockPlace {
  resourceCode: string;
  resourceNameTh: string;
  resourceNameEn: string | null;
  storageCode: string;
  storageNameTh: string;
  storageNameEn: string | null;
  unitTh: string | null;
  unitEn: string | null;
}

const what: Record<ShortfallKind, { th: string; en: string }> = {
  AVAILABLE: { th: 'คงเหลือที่เบิกได้', en: 'available' },
  RESERVED: { th: 'ยอดที่จองไว้', en: 'reserved' },
  IN_TRANSIT: { th: 'ยอดระหว่างขนส่ง', en: 'in transit' },
};

export interface ShortfallInput {
  kind: ShortfallKind;
  available: string;
  requested: string;
  lot?: string;
  expiryDate?: string | null;
  /** Stock left out of an automatic allocation because its expiry date has passed. */
  expired?: string;
}

/** 409 SHORTFALL naming the resource, the storage and both quantities, in Thai and English. */
export function stockShortfall(place: StockPlace, input: ShortfallInput): AppError {
  const available = readable(input.available);
  const requested = readable(input.requested);
  const expired = input.expired && /[1-9]/.test(input.expired) ? readable(input.expired) : null;
  const unitTh = place.unitTh ? ` ${place.unitTh}` : '';
  const unitEn = place.unitEn ? ` ${place.unitEn}` : '';
  const lotTh = input.lot ? ` ล็อต ${input.lot}` : '';
  const lotEn = input.lot ? `, lot ${input.lot}` : '';
  const { th, en } = what[input.kind];
  const expiredTh = expired ? ` (ไม่นับสิ่งของหมดอายุแล้ว ${expired}${unitTh})` : '';
  const expiredEn = expired ? ` (not counting ${expired}${unitEn} past its expiry date)` : '';
  return new AppError(
    'SHORTFALL',
    409,
    `${place.resourceCode} ${place.resourceNameTh}${lotTh} ในคลัง ${place.storageCode} ${place.storageNameTh} ` +
      `มีไม่พอ: ${th} ${available}${unitTh} ต้องการ ${requested}${unitTh}${expiredTh}`,
    `Not enough ${place.resourceCode} ${place.resourceNameEn ?? place.resourceNameTh}${lotEn} in storage ` +
      `${place.storageCode} ${place.storageNameEn ?? place.storageNameTh}: ${available}${unitEn} ${en}, ` +
      `${requested}${unitEn} requested${expiredEn}`,
    {
      kind: input.kind,
      resourceCode: place.resourceCode,
      storageCode: place.storageCode,
      available,
      requested,
      ...(input.lot !== undefined ? { lot: input.lot } : {}),
      ...(input.expiryDate !== undefined ? { expiryDate: input.expiryDate } : {}),
      ...(expired ? { expired } : {}),
    },
  );
}

export interface MoneyPlace {
  accountCode: string;
  accountNameTh: string;
  accountNameEn: string | null;
}

/**
 * 409 SHORTFALL for a money account: its available money (balance − reserved) is less than a debit
 * or a reservation (kind MONEY), or its reserved part less than a release or reserved payment
 * (kind MONEY_RESERVED).
 */
export function moneyShortfall(
  place: MoneyPlace,
  available: string,
  requested: string,
  kind: 'MONEY' | 'MONEY_RESERVED' = 'MONEY',
): AppError {
  const a = readable(available);
  const r = readable(requested);
  const reserved = kind === 'MONEY_RESERVED';
  return new AppError(
    'SHORTFALL',
    409,
    `ยอดเงิน${reserved ? 'ที่กันไว้' : 'ที่ใช้ได้'}ในบัญชี ${place.accountCode} ${place.accountNameTh} มีไม่พอ: ` +
      `${reserved ? 'กันไว้' : 'ใช้ได้'} ${a} บาท ต้องการ ${r} บาท`,
    `Not enough ${reserved ? 'reserved' : 'available'} money in account ${place.accountCode} ` +
      `${place.accountNameEn ?? place.accountNameTh}: ${a} baht ${reserved ? 'reserved' : 'available'}, ${r} baht requested`,
    { kind, accountCode: place.accountCode, available: a, requested: r },
  );
}

/** 409 when a document's movements were reversed already (a movement is reversed at most once). */
export const alreadyReversed = (documentType: string, documentId: number) =>
  new AppError(
    'ALREADY_REVERSED',
    409,
    `รายการของเอกสาร ${documentType} ${documentId} ถูกบันทึกกลับไปแล้ว`,
    `The postings of document ${documentType} ${documentId} have already been reversed`,
    { documentType, documentId },
  );

/** A date 'YYYY-MM-DD' as Thai staff read it: day/month/Buddhist-era year. */
const thaiDate = isoDayToBE;

/**
 * 409 LOT_EXPIRY_CONFLICT: stock coming into a lot the storage already holds names another expiry
 * date than the lot's (a lot number is one lot: one expiry), or leaves the expiry empty where the
 * lot has several on the books.
 */
export function lotExpiryConflict(
  place: StockPlace,
  lot: string,
  given: string | null,
  onBooks: (string | null)[],
): AppError {
  const dated = onBooks.filter((d): d is string => d !== null);
  const booksTh = dated.length ? dated.map(thaiDate).join(', ') : 'ไม่มีวันหมดอายุ';
  const booksEn = dated.length ? dated.join(', ') : 'no expiry date';
  const where = {
    th: `ล็อต ${lot} ของ ${place.resourceCode} ${place.resourceNameTh} ในคลัง ${place.storageCode} ${place.storageNameTh}`,
    en: `Lot ${lot} of ${place.resourceCode} ${place.resourceNameEn ?? place.resourceNameTh} in storage ${place.storageCode} ${place.storageNameEn ?? place.storageNameTh}`,
  };
  return new AppError(
    'LOT_EXPIRY_CONFLICT',
    409,
    given === null
      ? `${where.th} มีหลายวันหมดอายุ (${booksTh}) กรุณาระบุวันหมดอายุของล็อตที่ต้องการ`
      : `${where.th} มีอยู่ในคลังแล้ว วันหมดอายุ ${booksTh} ไม่ตรงกับที่ระบุ (${thaiDate(given)}) ` +
          'ล็อตเดียวกันต้องมีวันหมดอายุเดียวกัน: เว้นว่างไว้เพื่อใช้วันหมดอายุของล็อต หรือตรวจสอบเลขล็อต',
    given === null
      ? `${where.en} has several expiry dates on the books (${booksEn}): give the expiry date of the one you mean`
      : `${where.en} is already in the storage with ${booksEn}, not ${given} as given. ` +
          'One lot has one expiry date: leave it empty to use the lot’s, or check the lot number',
    { resourceCode: place.resourceCode, storageCode: place.storageCode, lot, expiryDate: given, onBooks },
  );
}
