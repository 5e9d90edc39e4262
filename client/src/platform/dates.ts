import {
  BANGKOK_ZONE,
  BE_OFFSET,
  fiscalYearBE as bangkokFiscalYearBE,
  ENGLISH_MONTHS,
  expiryYearListBE as expiryYears,
  THAI_MONTHS,
  yearListBE as years,
} from '@namjai/common/calendar';
import { DateTime } from 'luxon';
import type { Language } from './language';

// The calendar's rules (Bangkok day, Buddhist era, fiscal year, year lists) are the one calendar of
// client and server, @namjai/common/calendar; this file adds luxon's parsing and formatting of the
// forms a person types and reads. Month names are spelled out there rather than taken from Intl:
// luxon's setLocale('th') gives Thai month names but keeps the Gregorian year, and some Intl builds
// render 'th' in the Buddhist calendar while others do not.

/** Every date the product shows or sends is a Bangkok calendar day, wherever the browser is. */
export { BANGKOK_ZONE, BE_OFFSET };

export type DateInput = Date | DateTime | string;
export type BEFormat = 'dd/MM/yyyy' | 'long';

/** Converts any accepted input to a luxon DateTime in the Bangkok zone (ISO strings keep their offset). */
export function toBangkok(input: DateInput): DateTime {
  if (DateTime.isDateTime(input)) return input.setZone(BANGKOK_ZONE);
  if (input instanceof Date) return DateTime.fromJSDate(input, { zone: BANGKOK_ZONE });
  return DateTime.fromISO(input, { zone: BANGKOK_ZONE });
}

export function toBEYear(gregorianYear: number): number {
  return gregorianYear + BE_OFFSET;
}

export function toGregorianYear(beYear: number): number {
  return beYear - BE_OFFSET;
}

/**
 * Formats a date as its Bangkok calendar day with a Buddhist-era year:
 * 'dd/MM/yyyy' gives '22/11/2569'; 'long' gives '22 พฤศจิกายน 2569' (or '22 November B.E. 2569').
 * Returns '' for an invalid date so a bad value never renders as "Invalid DateTime".
 */
export function formatBE(
  input: DateInput,
  format: BEFormat = 'dd/MM/yyyy',
  language: Language = 'th',
): string {
  const date = toBangkok(input);
  if (!date.isValid) return '';
  const year = toBEYear(date.year);
  if (format === 'dd/MM/yyyy') {
    return `${pad2(date.day)}/${pad2(date.month)}/${year}`;
  }
  if (language === 'en') return `${date.day} ${ENGLISH_MONTHS[date.month - 1]} B.E. ${year}`;
  return `${date.day} ${THAI_MONTHS[date.month - 1]} ${year}`;
}

/** A moment to the minute, Bangkok time, its day in the Buddhist era: '22/11/2569 14:05' ('' if invalid). */
export function formatBEDateTime(input: DateInput): string {
  const day = formatBE(input);
  return day ? `${day} ${toBangkok(input).toFormat('HH:mm')}` : '';
}

const BE_DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * Parses 'dd/MM/yyyy' with a Buddhist-era year into the start of that day in Bangkok.
 * The result is an invalid DateTime (check `isValid`) for malformed text or a day that does not
 * exist, e.g. '29/02/2566' (2023 is not a leap year) while '29/02/2567' (2024) is fine.
 */
export function parseBE(text: string): DateTime {
  const match = BE_DATE_PATTERN.exec(text.trim());
  if (!match) return DateTime.invalid('not a dd/MM/yyyy Buddhist-era date');
  const [, day, month, beYear] = match;
  return DateTime.fromObject(
    { year: toGregorianYear(Number(beYear)), month: Number(month), day: Number(day) },
    { zone: BANGKOK_ZONE },
  );
}

/**
 * The date form the API filters expect (specification sec. 3: from_dt/to_dt "sent as dd/mm/yyyy"),
 * with a Buddhist-era year as the users type it. Empty or invalid input yields null (no filter).
 */
export function toApiDate(input: DateInput | null | undefined): string | null {
  if (input === null || input === undefined || input === '') return null;
  return formatBE(input, 'dd/MM/yyyy') || null;
}

/** The current Buddhist-era year in Bangkok. */
export function currentBEYear(now: DateInput = DateTime.now()): number {
  return toBEYear(toBangkok(now).year);
}

/**
 * The Thai government fiscal year (Buddhist era) a date falls in. It starts on 1 October, so
 * 30 September 2026 is in FY 2569 and 1 October 2026 in FY 2570.
 */
export function fiscalYearBE(input: DateInput = DateTime.now()): number {
  return bangkokFiscalYearBE(toBangkok(input).toJSDate());
}

/**
 * The year list (specification sec. 9): 2555 (2012) to the current fiscal year, oldest first. One rule,
 * in @namjai/common/calendar (which the first load can import without luxon).
 */
export function yearListBE(now: DateInput = DateTime.now()): number[] {
  return years(toBangkok(now).toJSDate());
}

/** The expiry years: 2555 (2012) to the current fiscal year plus ten, oldest first (@namjai/common/calendar). */
export function expiryYearListBE(now: DateInput = DateTime.now()): number[] {
  return expiryYears(toBangkok(now).toJSDate());
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
