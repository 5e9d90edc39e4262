// The one calendar of client and server: the Bangkok calendar day, the Buddhist-era year
// (Gregorian + 543) and the Thai government fiscal year (1 October to 30 September, named by the
// Buddhist-era year in which it ends). Asia/Bangkok has been UTC+7 all year since 1920, so a fixed
// offset is exact and needs no date library (the public pages' first load has none). SQL that needs
// the same rules takes its expressions from the `sql*` functions below.

import { ENGLISH_MONTHS, THAI_MONTHS } from './month-names';

export { ENGLISH_MONTHS, THAI_MONTHS };

/** Buddhist era = Gregorian year + 543 (specification sec. 9). */
export const BE_OFFSET = 543;
/** The time zone every date the product shows or sends is read in. */
export const BANGKOK_ZONE = 'Asia/Bangkok';
/** Bangkok's offset from UTC, in milliseconds (UTC+7). */
export const BANGKOK_OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;

/** A calendar day in Bangkok (Gregorian year, month 1–12, day 1–31). */
export interface BangkokDay {
  year: number;
  month: number;
  day: number;
}

/** A Bangkok wall time: its day, hour and minute. */
export interface BangkokTime extends BangkokDay {
  hour: number;
  minute: number;
}

const shifted = (instant: Date) => new Date(instant.getTime() + BANGKOK_OFFSET_MS);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Bangkok calendar day an instant falls on. */
export function bangkokDay(instant: Date = new Date()): BangkokDay {
  const s = shifted(instant);
  return { year: s.getUTCFullYear(), month: s.getUTCMonth() + 1, day: s.getUTCDate() };
}

/** The Bangkok wall time of an instant, as its parts. */
export function bangkokTime(instant: Date = new Date()): BangkokTime {
  const s = shifted(instant);
  return { ...bangkokDay(instant), hour: s.getUTCHours(), minute: s.getUTCMinutes() };
}

/** A day as 'YYYY-MM-DD', the form ISO date fields take. */
export function isoDay({ year, month, day }: BangkokDay): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Today in Bangkok as 'YYYY-MM-DD' (expiry dates, transfer days, search bounds). */
export function bangkokToday(now: Date = new Date()): string {
  return isoDay(bangkokDay(now));
}

/** The Bangkok day (yyyy-mm-dd) and time (HH:MM) of an instant. */
export function bangkokClock(now: Date = new Date()): { day: string; time: string } {
  const t = bangkokTime(now);
  return { day: isoDay(t), time: `${pad2(t.hour)}:${pad2(t.minute)}` };
}

/** The instant a Bangkok day starts (00:00 at UTC+7). */
export function startOfBangkokDay({ year, month, day }: BangkokDay): Date {
  return new Date(Date.UTC(year, month - 1, day) - BANGKOK_OFFSET_MS);
}

/**
 * A Bangkok day with a Buddhist-era year: 'dd/MM/yyyy' gives '22/11/2569', 'long' gives
 * '22 พฤศจิกายน 2569' (or '22 November B.E. 2569' in English).
 */
export function formatBEDay(
  { year, month, day }: BangkokDay,
  format: 'dd/MM/yyyy' | 'long' = 'dd/MM/yyyy',
  language: 'th' | 'en' = 'th',
): string {
  const be = year + BE_OFFSET;
  if (format === 'dd/MM/yyyy') return `${pad2(day)}/${pad2(month)}/${be}`;
  return language === 'en'
    ? `${day} ${ENGLISH_MONTHS[month - 1]} B.E. ${be}`
    : `${day} ${THAI_MONTHS[month - 1]} ${be}`;
}

/** An instant as its Bangkok day with a Buddhist-era year (see formatBEDay). */
export function formatBE(
  instant: Date,
  format: 'dd/MM/yyyy' | 'long' = 'dd/MM/yyyy',
  language: 'th' | 'en' = 'th',
): string {
  return formatBEDay(bangkokDay(instant), format, language);
}

/** 'yyyy-mm-dd' (Gregorian) as 'dd/mm/yyyy' (Buddhist era), the text unchanged when it is not one. */
export function isoDayToBE(iso: string): string {
  const m = ISO_DAY.exec(iso);
  return m ? `${m[3]}/${m[2]}/${Number(m[1]) + BE_OFFSET}` : iso;
}

function realDay(year: number, month: number, day: number): BangkokDay | null {
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

const BE_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * Reads 'dd/mm/yyyy' with a Buddhist-era year (specification sec. 3: search dates are sent so) as a
 * Bangkok day, or null when the text is malformed or names a day that does not exist
 * ('29/02/2566': 2023 is no leap year).
 */
export function parseBEDay(text: string): BangkokDay | null {
  const m = BE_DATE.exec(text.trim());
  return m ? realDay(Number(m[3]) - BE_OFFSET, Number(m[2]), Number(m[1])) : null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads 'yyyy-mm-dd' (Gregorian, as date fields travel over the API) as a calendar day, or null when
 * the text is malformed or names a day that does not exist ('2023-02-29').
 */
export function parseIsoDay(text: string): BangkokDay | null {
  const m = ISO_DAY.exec(text.trim());
  return m ? realDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** The current Buddhist-era year in Bangkok. */
export function bangkokYearBE(now: Date = new Date()): number {
  return bangkokDay(now).year + BE_OFFSET;
}

/** The Thai fiscal year (Buddhist era) an instant falls in: 1 October 2026 starts FY 2570. */
export function fiscalYearBE(instant: Date = new Date()): number {
  const { year, month } = bangkokDay(instant);
  return (month >= 10 ? year + 1 : year) + BE_OFFSET;
}

/** The first instant of a fiscal year and the first instant of the next (a half-open range). */
export function fiscalYearRange(fiscalYear: number): { start: Date; end: Date } {
  const endYear = fiscalYear - BE_OFFSET;
  return {
    start: startOfBangkokDay({ year: endYear - 1, month: 10, day: 1 }),
    end: startOfBangkokDay({ year: endYear, month: 10, day: 1 }),
  };
}

/** The last day of a fiscal year (Buddhist era) as 'yyyy-mm-dd': 2569 ends on '2026-09-30'. */
export const fiscalYearEnd = (fiscalYear: number) => `${fiscalYear - BE_OFFSET}-09-30`;

/**
 * The first year of every year list (specification sec. 9: 2012), Buddhist era. Also the lowest year a
 * year argument accepts.
 */
export const FIRST_LIST_YEAR_BE = 2012 + BE_OFFSET;

/** The highest year a year argument's static range accepts (what the schema prints). */
export const LAST_YEAR_INPUT_BE = 2700;

/** The expiry-year list runs this many years past the current year (specification sec. 9). */
export const EXPIRY_YEARS_AHEAD = 10;

/**
 * The years a person chooses from (specification sec. 9): from 2555 (2012) to the current year, which
 * is the current fiscal year, since every number and screen counts by it (30 September 2026 ends
 * 2569; 1 October 2026 starts 2570).
 */
export function yearListRangeBE(now: Date = new Date()): { first: number; last: number } {
  return { first: FIRST_LIST_YEAR_BE, last: fiscalYearBE(now) };
}

/** The year list, oldest first (yearListRangeBE). */
export function yearListBE(now: Date = new Date()): number[] {
  return yearsFrom(FIRST_LIST_YEAR_BE, fiscalYearBE(now));
}

/** The expiry years, oldest first: from 2555 (2012) to the current (fiscal) year plus ten. */
export function expiryYearListBE(now: Date = new Date()): number[] {
  return yearsFrom(FIRST_LIST_YEAR_BE, fiscalYearBE(now) + EXPIRY_YEARS_AHEAD);
}

function yearsFrom(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

// The same rules in PostgreSQL, for reports and lists computed in SQL. `expr` is SQL the caller owns
// (a column or an expression), never user input.

/** A timestamptz expression as its Bangkok day (a SQL date). */
export const sqlBangkokDate = (expr: string) => `(${expr} at time zone '${BANGKOK_ZONE}')::date`;

/** Today in Bangkok (a SQL date). */
export const sqlBangkokToday = (): string => sqlBangkokDate('now()');

/** The Buddhist-era year (int) of a date or local timestamp expression. */
export const sqlYearBE = (expr: string) => `(extract(year from ${expr})::int + ${BE_OFFSET})`;

/** A date or local timestamp expression as 'dd/mm/yyyy' with a Buddhist-era year (text). */
export const sqlDayBE = (expr: string) => `to_char(${expr}, 'DD/MM/') || ${sqlYearBE(expr)}::text`;

/** A timestamptz expression as Bangkok wall time (a SQL timestamp without time zone). */
export const sqlBangkokLocal = (expr: string) => `(${expr} at time zone '${BANGKOK_ZONE}')`;
