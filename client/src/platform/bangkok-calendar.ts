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
