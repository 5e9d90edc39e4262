import { DAY_MS, parseBEDay, startOfBangkokDay, yearListRangeBE } from '@namjai/common/calendar';
import { badInput } from './errors';

// Dates as people in Thailand read and type them. The rules (the Bangkok day, the Buddhist-era year,
// the fiscal year) are the one calendar of client and server, @namjai/common/calendar; this file adds
// what only the server does with them: refuse bad input with a 400 in Thai and English.

export {
  type BangkokDay,
  BE_OFFSET,
  bangkokDay,
  bangkokToday,
  FIRST_LIST_YEAR_BE,
  fiscalYearBE,
  fiscalYearRange,
  formatBE,
  LAST_YEAR_INPUT_BE,
  parseBEDay,
  parseIsoDay,
  startOfBangkokDay,
  yearListRangeBE,
} from '@namjai/common/calendar';

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
