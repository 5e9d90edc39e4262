import type { Language } from './language';

// Amounts and quantities as Thai official documents and banks print them: Latin digits, grouped by
// thousands with commas, a point before the decimals (1,234.50), the output of th-TH's
// Intl.NumberFormat with numberingSystem 'latn'. Written out here rather than asked of Intl: the first
// th-TH formatter loads the locale's data, 30 ms of one task on this machine (about 130 ms on
// Lighthouse's phone), the longest task of the public pages once their figures arrive
// (docs/public-site.md, "Start-up in short tasks"). The text is rounded as a decimal, half away from
// zero, as Intl rounds a decimal string; money.test.ts compares the two.

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Adds one to a string of digits: '0999' -> '1000', '99' -> '100'. */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** `text` (a DECIMAL_TEXT) grouped by thousands with exactly `scale` decimals, rounded half away from zero. */
function groupedDecimal(text: string, scale: number): string {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  // The digits of the value times 10^scale, rounded on the first digit dropped.
  let digits = whole + fraction.slice(0, scale).padEnd(scale, '0');
  if (fraction.length > scale && fraction[scale] >= '5') digits = incremented(digits);
  const integer = digits.slice(0, digits.length - scale).replace(/^0+(?=\d)/, '') || '0';
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',');
  // Intl shows the sign of a negative value that rounds to zero ('-0.001' at two decimals: '-0.00').
  return `${negative ? '-' : ''}${grouped}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''}`;
}

/** A number as the shortest decimal text that reads back as it (what Intl formats), or null for 1e21 and such. */
function numberText(amount: number): string | null {
  const text = String(amount);
  return DECIMAL_TEXT.test(text) ? text : null;
}

/** Intl for what is not plain decimal text (1e21, 1e-7): its th-TH data is loaded only then. */
const intlFormat = (value: number, scale: number) =>
  new Intl.NumberFormat('th-TH', {
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
    numberingSystem: 'latn',
  }).format(value);

/**
 * Formats a baht amount with grouping and exactly two decimals: 1234.5 -> '1,234.50'.
 * Accepts the decimal strings the API sends for money so no precision is lost on the way: the
 * string is formatted as an exact decimal, rounded half away from zero ('0.005' -> '0.01').
 */
export function formatMoney(amount: number | string): string {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new RangeError(`Not a money amount: ${amount}`);
    const text = numberText(amount);
    return text === null ? intlFormat(amount, 2) : groupedDecimal(text, 2);
  }
  const text = amount.trim();
  if (!DECIMAL_TEXT.test(text)) throw new RangeError(`Not a money amount: "${amount}"`);
  return groupedDecimal(text, 2);
}

/**
 * Formats a decimal the API sends as text ('12.5', '1234.000') with grouping and exactly `scale`
 * decimals, without passing through a binary float: quantities show '1,234.500' at scale 3. Text
 * that is not a decimal is returned as it is, so a surprise from the server is shown, not hidden.
 */
export function formatDecimal(value: string | number, scale: number): string {
  const text = String(value).trim();
  return DECIMAL_TEXT.test(text) ? groupedDecimal(text, scale) : String(value);
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
