// An amount of baht in Thai words, as a receipt prints it: "หนึ่งร้อยเอ็ดบาทถ้วน",
// "ยี่สิบเอ็ดบาทยี่สิบห้าสตางค์", "ห้าสิบสตางค์". The reading follows the Royal Institute's usage
// (and Excel's BAHTTEXT): สิบ not หนึ่งสิบ, ยี่สิบ for twenty, เอ็ด for a final one after any higher
// digit (also across ล้าน: 1,000,001 is หนึ่งล้านเอ็ด), ล้าน repeated for each six digits, ถ้วน when
// there are no satang. The amount is a decimal string, never a float, so no baht is lost to rounding.

const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];
const MILLION = 1_000_000n;

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Reads 1..999,999; `afterHigher`: a higher digit (a ล้าน) came before, so a final one is เอ็ด. */
function readGroup(n: number, afterHigher: boolean): string {
  const digits = String(n).split('').map(Number);
  let text = '';
  digits.forEach((digit, i) => {
    const place = digits.length - 1 - i;
    if (digit === 0) return;
    if (place === 0) {
      text += digit === 1 && (n > 1 || afterHigher) ? 'เอ็ด' : DIGITS[digit];
    } else if (place === 1) {
      text += (digit === 1 ? '' : digit === 2 ? 'ยี่' : DIGITS[digit]) + PLACES[1];
    } else {
      text += DIGITS[digit] + PLACES[place];
    }
  });
  return text;
}

/** Reads a whole number of any size: ล้าน once per six digits. */
function readNumber(n: bigint, afterHigher = false): string {
  if (n >= MILLION) {
    const rest = n % MILLION;
    return `${readNumber(n / MILLION, afterHigher)}ล้าน${rest > 0n ? readNumber(rest, true) : ''}`;
  }
  return readGroup(Number(n), afterHigher);
}

/**
 * "1234.5" → "หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์". Accepts a non-negative decimal with at most two
 * decimals (thousands separators allowed); anything else is a programming error of the caller,
 * whose input checks refuse such amounts long before a receipt is printed.
 */
export function bahtText(amount: string): string {
  const match = AMOUNT.exec(amount.replaceAll(',', '').trim());
  if (!match) throw new Error(`Not an amount of baht: ${amount}`);
  const baht = BigInt(match[1]);
  const satang = Number((match[2] ?? '').padEnd(2, '0') || '0');
  if (baht === 0n && satang === 0) return 'ศูนย์บาทถ้วน';
  const bahtPart = baht > 0n ? `${readNumber(baht)}บาท` : '';
  return satang > 0 ? `${bahtPart}${readGroup(satang, false)}สตางค์` : `${bahtPart}ถ้วน`;
}
