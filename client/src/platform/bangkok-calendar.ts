// The Buddhist-era year and fiscal year in Bangkok (UTC+7 all year since 1920) without a date
// library, for what every public page shows (the footer, the home page's heading): luxon, which
// platform/dates.ts uses for parsing and formatting, stays out of the first load.

const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const BE_OFFSET = 543;

const bangkok = (now: Date) => new Date(now.getTime() + BANGKOK_OFFSET_MS);

/** The current Buddhist-era year in Bangkok. */
export function bangkokYearBE(now: Date = new Date()): number {
  return bangkok(now).getUTCFullYear() + BE_OFFSET;
}

/** The Thai fiscal year (1 October to 30 September, named by the year it ends in), Buddhist era. */
export function bangkokFiscalYearBE(now: Date = new Date()): number {
  const day = bangkok(now);
  return day.getUTCFullYear() + (day.getUTCMonth() >= 9 ? 1 : 0) + BE_OFFSET;
}

/** The first year of every year list (specification sec. 9: 2012), Buddhist era. */
export const FIRST_LIST_YEAR_BE = 2012 + BE_OFFSET;

/** The expiry-year list runs this many years past the current year (specification sec. 9). */
export const EXPIRY_YEARS_AHEAD = 10;

/**
 * The years a person chooses from (specification sec. 9), oldest first: from 2555 (2012) to the
 * current year, which is the current fiscal year, since the home page, every number and every report
 * count by it (30 September 2026 ends 2569; 1 October 2026 starts 2570). The one year list of the
 * client; the server checks a chosen year with the same rule (server/src/platform/dates.ts).
 */
export function yearListBE(now: Date = new Date()): number[] {
  return yearsFrom(FIRST_LIST_YEAR_BE, bangkokFiscalYearBE(now));
}

/** The expiry years, oldest first: from 2555 (2012) to the current (fiscal) year plus ten. */
export function expiryYearListBE(now: Date = new Date()): number[] {
  return yearsFrom(FIRST_LIST_YEAR_BE, bangkokFiscalYearBE(now) + EXPIRY_YEARS_AHEAD);
}

function yearsFrom(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
