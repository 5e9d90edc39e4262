import { badInput } from '../../platform/errors';

// Quantities and money travel as decimal strings ("12.5", "-3.000"), never as JS numbers: every sum
// and product happens in PostgreSQL's numeric. This file only checks their shape and flips signs.

const patterns = {
  /** numeric(14,3): 11 digits before the point, 3 after. */
  quantity: /^\d{1,11}(\.\d{1,3})?$/,
  /** numeric(16,2). */
  money: /^\d{1,14}(\.\d{1,2})?$/,
  /** numeric(18,6): a weighted unit value keeps 6 decimals, so averages do not drift with order. */
  unitValue: /^\d{1,12}(\.\d{1,6})?$/,
};

type Kind = keyof typeof patterns;

const labels: Record<Kind, { th: string; en: string; rule: { th: string; en: string } }> = {
  quantity: {
    th: 'จำนวน',
    en: 'Quantity',
    rule: { th: 'ทศนิยมไม่เกิน 3 ตำแหน่ง', en: 'at most 3 decimals' },
  },
  money: { th: 'จำนวนเงิน', en: 'Amount', rule: { th: 'ทศนิยมไม่เกิน 2 ตำแหน่ง', en: 'at most 2 decimals' } },
  unitValue: {
    th: 'มูลค่าต่อหน่วย',
    en: 'Unit value',
    rule: { th: 'ทศนิยมไม่เกิน 6 ตำแหน่ง', en: 'at most 6 decimals' },
  },
};

const isZeroText = (text: string) => !/[1-9]/.test(text);

function check(kind: Kind, value: string, signed: boolean, allowZero: boolean): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const negative = signed && text.startsWith('-');
  const magnitude = negative ? text.slice(1) : text;
  const { th, en, rule } = labels[kind];
  if (!patterns[kind].test(magnitude) || (!allowZero && isZeroText(magnitude))) {
    const sign = signed
      ? { th: 'ตัวเลขบวกหรือลบที่ไม่เป็นศูนย์', en: 'a non-zero number, positive or negative' }
      : allowZero
        ? { th: 'ตัวเลขตั้งแต่ 0', en: 'a number from 0' }
        : { th: 'ตัวเลขที่มากกว่า 0', en: 'a number greater than 0' };
    throw badInput(
      `${th}ต้องเป็น${sign.th} ${rule.th} (ได้รับ "${String(value)}")`,
      `${en} must be ${sign.en}, ${rule.en} (got "${String(value)}")`,
      { field: kind, value: String(value) },
    );
  }
  return negative ? text : magnitude;
}

/** A positive quantity (numeric(14,3)). */
export const quantityOf = (value: string) => check('quantity', value, false, false);
/** A quantity from 0 (what arrived of a transfer may be nothing). */
export const quantityOrZeroOf = (value: string) => check('quantity', value, false, true);
/** A non-zero signed quantity, for adjustments. */
export const signedQuantityOf = (value: string) => check('quantity', value, true, false);
/** A positive amount of money (numeric(16,2)). */
export const moneyOf = (value: string) => check('money', value, false, false);
/** A non-zero signed amount of money, for adjustments. */
export const signedMoneyOf = (value: string) => check('money', value, true, false);
/** A unit value from 0 (numeric(18,6)). */
export const unitValueOf = (value: string) => check('unitValue', value, false, true);

export const isNegative = (value: string) => value.startsWith('-');
export const isZero = (value: string) => isZeroText(value);
/** The same decimal with the other sign (text only: no arithmetic). */
export const negate = (value: string) =>
  isZeroText(value) ? value : value.startsWith('-') ? value.slice(1) : `-${value}`;
export const magnitudeOf = (value: string) => (value.startsWith('-') ? value.slice(1) : value);

/** A decimal as people read it: "12.500" → "12.5", "3.000" → "3". */
export const readable = (value: string) =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

/** A lot number as stored: trimmed, '' for none, at most 50 characters. */
export function lotOf(value: string | undefined): string {
  const lot = (value ?? '').trim();
  if ([...lot].length > 50) {
    throw badInput('เลขล็อตยาวได้ไม่เกิน 50 ตัวอักษร', 'Lot number: at most 50 characters', { field: 'lot' });
  }
  return lot;
}

/** An expiry date as 'YYYY-MM-DD' (a real calendar day), or null for none. */
export function expiryOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !day || day.toISOString().slice(0, 10) !== value) {
    throw badInput(
      `วันหมดอายุต้องอยู่ในรูปแบบ ปปปป-ดด-วว (ค.ศ.) (ได้รับ "${value}")`,
      `Expiry date must be YYYY-MM-DD (got "${value}")`,
      { field: 'expiryDate', value },
    );
  }
  return value;
}
