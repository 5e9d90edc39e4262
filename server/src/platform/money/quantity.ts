/** Digits after the point of every stored quantity (numeric(14, 3) in every table). */
export const QUANTITY_SCALE = 3;

/**
 * A quantity as people write it, the one rule for every quantity the server prints or mails (the
 * client's `formatQuantity` in platform/money.ts is the same; docs/decisions.md, "Numbers as people
 * write them"): a whole quantity without decimals ("50.000" sacks → "50"), a fraction with all three
 * ("2.5" kilograms → "2.500"), grouped ("1,200"). The value decides, not its counting unit, so no
 * unit rounds away a fraction that was entered. Exact on the decimal text, never through a float;
 * text that is not a decimal is returned as it is.
 */
export function formatQuantity(quantity: string | number): string {
  const text = String(quantity).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (!/[1-9]/.test(fraction)) return `${sign}${grouped}`;
  return `${sign}${grouped}.${fraction.padEnd(QUANTITY_SCALE, '0').slice(0, QUANTITY_SCALE)}`;
}
