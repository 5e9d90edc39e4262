import type { Language } from './language';

// th-TH with Latin digits: Thai official documents and banks print amounts as 1,234.50.
// Made on first use, not when the module loads: the first th-TH formatter loads the locale's data
// (tens of milliseconds on a phone), which would otherwise lengthen the app's start-up.
let amountFormatCache: Intl.NumberFormat | undefined;
const amountFormat = () =>
  (amountFormatCache ??= new Intl.NumberFormat('th-TH', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    numberingSystem: 'latn',
  }));

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Formats a baht amount with grouping and exactly two decimals: 1234.5 -> '1,234.50'.
 * Accepts the decimal strings the API sends for money so no precision is lost on the way: the
 * string is formatted as an exact decimal, rounded half away from zero ('0.005' -> '0.01').
 */
export function formatMoney(amount: number | string): string {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new RangeError(`Not a money amount: ${amount}`);
    return amountFormat().format(amount);
  }
  const text = amount.trim();
  if (!DECIMAL_TEXT.test(text)) throw new RangeError(`Not a money amount: "${amount}"`);
  return amountFormat().format(text as `${number}`);
}

const decimalFormats = new Map<number, Intl.NumberFormat>();

/**
 * Formats a decimal the API sends as text ('12.5', '1234.000') with grouping and exactly `scale`
 * decimals, without passing through a binary float: quantities show '1,234.500' at scale 3. Text
 * that is not a decimal is returned as it is, so a surprise from the server is shown, not hidden.
 */
export function formatDecimal(value: string | number, scale: number): string {
  const text = String(value).trim();
  if (!DECIMAL_TEXT.test(text)) return String(value);
  let format = decimalFormats.get(scale);
  if (!format) {
    format = new Intl.NumberFormat('th-TH', {
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
      numberingSystem: 'latn',
    });
    decimalFormats.set(scale, format);
  }
  return format.format(text as `${number}`);
}

/** Formats an amount with its currency word: '1,234.50 บาท' in Thai, '1,234.50 baht' in English. */
export function formatBaht(amount: number | string, language: Language = 'th'): string {
  return `${formatMoney(amount)} ${language === 'en' ? 'baht' : 'บาท'}`;
}

/** Digits after the point of every quantity the API sends (numeric(14, 3) in every table). */
export const QUANTITY_SCALE = 3;

/**
 * A quantity as people write it, the one rule for every quantity shown (docs/decisions.md, "Numbers
 * as people write them"): a whole quantity without decimals ('50.000' sacks -> '50'), a fraction
 * with all three ('2.5' kilograms -> '2.500'), grouped ('1,200'). The value decides, not its unit:
 * a unit never rounds away a fraction that was entered.
 */
export function formatQuantity(value: string | number): string {
  const text = String(value).trim();
  return formatDecimal(text, /\.\d*[1-9]/.test(text) ? QUANTITY_SCALE : 0);
}
