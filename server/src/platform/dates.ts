import { badInput } from './errors';

// Dates as people in Thailand read and type them: the Bangkok calendar day, with a Buddhist-era
// year (Gregorian + 543), and the Thai government fiscal year (1 October to 30 September, named by
// the Buddhist-era year in which it ends). The client's platform/dates.ts follows the same rules;
// both are tested against the same traps. Asia/Bangkok has been UTC+7 all year since 1920.

export const BE_OFFSET = 543;
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;

const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A calendar day in Bangkok (Gregorian year, month 1–12, day 1–31). */
export interface BangkokDay {
  year: number;
  month: number;
  day: number;
}

/** The Bangkok calendar day an instant falls on. */
export function bangkokDay(instant: Date): BangkokDay {
  const shifted = new Date(instant.getTime() + BANGKOK_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The instant a Bangkok day starts (00:00 at UTC+7). */
/** Today in Bangkok as 'YYYY-MM-DD', the form ISO date fields take (expiry dates, transfer days). */
export function bangkokToday(now: Date = new Date()): string {
  const { year, month, day } = bangkokDay(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function startOfBangkokDay({ year, month, day }: BangkokDay): Date {
  return new Date(Date.UTC(year, month - 1, day) - BANGKOK_OFFSET_MS);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as its Bangkok day with a Buddhist-era year: 'dd/MM/yyyy' gives '22/11/2569', 'long'
 * gives '22 พฤศจิกายน 2569' (or '22 November B.E. 2569' in English).
 */
export function formatBE(
  instant: Date,
  format: 'dd/MM/yyyy' | 'long' = 'dd/MM/yyyy',
  language: 'th' | 'en' = 'th',
) {
  const { year, month, day } = bangkokDay(instant);
  const be = year + BE_OFFSET;
  if (format === 'dd/MM/yyyy') return `${pad2(day)}/${pad2(month)}/${be}`;
  return language === 'en'
    ? `${day} ${ENGLISH_MONTHS[month - 1]} B.E. ${be}`
    : `${day} ${THAI_MONTHS[month - 1]} ${be}`;
}

const BE_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * Reads 'dd/mm/yyyy' with a Buddhist-era year (specification sec. 3: search dates are sent so) as a
 * Bangkok day, or null when the text is malformed or names a day that does not exist
 * ('29/02/2566': 2023 is no leap year).
 */
export function parseBEDay(text: string): BangkokDay | null {
  const m = BE_DATE.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3]) - BE_OFFSET];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  )
    return null;
  return { year, month, day };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads 'yyyy-mm-dd' (Gregorian, as date fields travel over the API) as a calendar day, or null when
 * the text is malformed or names a day that does not exist ('2023-02-29').
 */
export function parseIsoDay(text: string): BangkokDay | null {
  const m = ISO_DAY.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  )
    return null;
  return { year, month, day };
}

/**
 * A search bound from 'dd/mm/yyyy' (Buddhist era): the first instant of that Bangkok day, or its last
 * millisecond for an upper bound. Bad text is the caller's error (400, Thai and English).
 */
export function parseBEDate(text: string, bound: 'start' | 'end' = 'start'): Date {
  const day = parseBEDay(text);
  if (!day) {
    throw badInput(
      `วันที่ต้องเป็นวันที่มีอยู่จริงในรูปแบบ วว/ดด/ปปปป (พ.ศ.): ${text.slice(0, 40)}`,
      `Dates are real days written dd/mm/yyyy (Buddhist era): ${text.slice(0, 40)}`,
    );
  }
  const start = startOfBangkokDay(day);
  return bound === 'start' ? start : new Date(start.getTime() + DAY_MS - 1);
}

/** The Thai fiscal year (Buddhist era) an instant falls in: 1 October 2026 starts FY 2570. */
export function fiscalYearBE(instant: Date = new Date()): number {
  const { year, month } = bangkokDay(instant);
  return (month >= 10 ? year + 1 : year) + BE_OFFSET;
}

/** The first instant of a fiscal year and the first instant of the next (a half-open range). */
export function fiscalYearRange(fiscalYearBEValue: number): { start: Date; end: Date } {
  const endYear = fiscalYearBEValue - BE_OFFSET;
  return {
    start: startOfBangkokDay({ year: endYear - 1, month: 10, day: 1 }),
    end: startOfBangkokDay({ year: endYear, month: 10, day: 1 }),
  };
}

/**
 * The first year of every year list (specification sec. 9: 2012), Buddhist era. Also the lowest year a
 * year argument accepts (`@Range(FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE)`).
 */
export const FIRST_LIST_YEAR_BE = 2012 + BE_OFFSET;

/** The highest year a year argument's static range accepts (what the schema prints). */
export const LAST_YEAR_INPUT_BE = 2700;

/**
 * The years a person chooses from (specification sec. 9): from 2555 (2012) to the current year, which
 * is the current fiscal year, since every number and screen counts by it (1 October 2026 starts 2570).
 * The client's platform/bangkok-calendar.ts has the same rule (and the expiry list, to the current
 * year plus ten); both are tested on 30 September and 1 October.
 */
export function yearListRangeBE(now: Date = new Date()): { first: number; last: number } {
  return { first: FIRST_LIST_YEAR_BE, last: fiscalYearBE(now) };
}

/**
 * A year a caller chose from a year list (a report's or the royal-decoration screen's fiscal year):
 * refused (400, Thai and English, naming the field) when outside `yearListRangeBE(now)`.
 */
export function checkListedYearBE(year: number, field: string, now: Date = new Date()): number {
  const { first, last } = yearListRangeBE(now);
  if (!Number.isInteger(year) || year < first || year > last)
    throw badInput(
      `ปีงบประมาณต้องเป็นปี พ.ศ. ตั้งแต่ ${first} ถึง ${last}`,
      `The fiscal year must be a Buddhist-era year from ${first} to ${last}`,
      { field },
    );
  return year;
}
