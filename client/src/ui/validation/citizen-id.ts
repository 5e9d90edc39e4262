/** Thai citizen ids (and juristic tax ids) are 13 digits, the last a mod-11 check digit. */
export const CITIZEN_ID_LENGTH = 13;

/** Keeps the digits only, so '1-1017-00230-70-8' and '1101700230708' are the same id. */
export function normaliseCitizenId(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Validates the check digit: each of the first 12 digits is weighted 13 down to 2, and the 13th
 * digit must equal (11 - sum mod 11) mod 10. Separators are allowed; other characters are not.
 */
export function isValidCitizenId(value: string): boolean {
  if (!/^[\d\s-]*$/.test(value)) return false;
  const digits = normaliseCitizenId(value);
  if (digits.length !== CITIZEN_ID_LENGTH) return false;
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(digits[index]) * (13 - index);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

/** The printed form 1-2345-67890-12-1, for display; partial input is grouped as far as it goes. */
export function formatCitizenId(value: string): string {
  const digits = normaliseCitizenId(value).slice(0, CITIZEN_ID_LENGTH);
  const groups = [1, 4, 5, 2, 1];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join('-');
}
