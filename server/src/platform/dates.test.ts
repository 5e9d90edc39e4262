import { describe, expect, it } from 'vitest';
import {
  bangkokDay,
  checkListedYearBE,
  FIRST_LIST_YEAR_BE,
  fiscalYearBE,
  fiscalYearRange,
  formatBE,
  parseBEDate,
  parseBEDay,
  parseIsoDay,
  yearListRangeBE,
} from './dates';
import { AppError } from './errors';

// The same traps as the client's platform/dates.test.ts: the Buddhist-era year, the Bangkok day of an
// instant near midnight UTC, leap days, and the fiscal year turning on 1 October in Bangkok.

describe('formatBE', () => {
  it('shows the Bangkok day with a Buddhist-era year', () => {
    const instant = new Date('2026-11-22T10:00:00+07:00');
    expect(formatBE(instant)).toBe('22/11/2569');
    expect(formatBE(instant, 'long')).toBe('22 พฤศจิกายน 2569');
    expect(formatBE(instant, 'long', 'en')).toBe('22 November B.E. 2569');
  });

  it('shows the Bangkok calendar day for an instant near midnight UTC', () => {
    // 17:30 UTC on 21 Nov is 00:30 on 22 Nov in Bangkok; 16:59 UTC is still 21 Nov.
    expect(formatBE(new Date('2026-11-21T17:30:00Z'))).toBe('22/11/2569');
    expect(formatBE(new Date('2026-11-21T16:59:00Z'))).toBe('21/11/2569');
  });
});

describe('parseIsoDay', () => {
  it('reads real days written yyyy-mm-dd and nothing else', () => {
    expect(parseIsoDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const text of ['2023-02-29', '2026-13-01', '2026-11-31', '22/11/2569', '2026-1-5', '', '0543-01-01'])
      expect(parseIsoDay(text), text).toBeNull();
  });
});

describe('parseBEDate', () => {
  it('turns a Buddhist-era date into the start (or end) of that day in Bangkok', () => {
    expect(parseBEDate('22/11/2569').toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(parseBEDate('22/11/2569', 'end').toISOString()).toBe('2026-11-22T16:59:59.999Z');
  });

  it('accepts 29 February in a leap year and rejects it otherwise', () => {
    expect(parseBEDay('29/02/2567')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseBEDay('29/02/2566')).toBeNull();
  });

  it('refuses malformed text and impossible days with a Thai and English 400', () => {
    for (const text of [
      '',
      '2569-11-22',
      '22/11/69',
      '32/01/2569',
      '00/01/2569',
      '15/13/2569',
      'abc',
      '01/01/0543',
    ]) {
      expect(parseBEDay(text), text).toBeNull();
      const err = (() => {
        try {
          parseBEDate(text);
        } catch (e) {
          return e;
        }
      })();
      expect(err, text).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).messageTh).toContain('พ.ศ.');
    }
  });

  it('round-trips with formatBE', () => {
    for (const text of ['01/01/2555', '29/02/2567', '30/09/2569', '31/12/2579']) {
      expect(formatBE(parseBEDate(text))).toBe(text);
      expect(formatBE(parseBEDate(text, 'end'))).toBe(text);
    }
  });
});

describe('fiscal year', () => {
  it('starts on 1 October in Bangkok', () => {
    expect(fiscalYearBE(new Date('2026-09-30T23:59:59+07:00'))).toBe(2569);
    expect(fiscalYearBE(new Date('2026-10-01T00:00:00+07:00'))).toBe(2570);
    // 30 Sep 17:00 UTC is already 1 Oct in Bangkok.
    expect(fiscalYearBE(new Date('2026-09-30T17:00:00Z'))).toBe(2570);
    expect(fiscalYearBE(new Date('2027-01-15T12:00:00+07:00'))).toBe(2570);
  });

  it('runs from 1 October to the next 1 October, Bangkok time', () => {
    const { start, end } = fiscalYearRange(2570);
    expect(start.toISOString()).toBe('2026-09-30T17:00:00.000Z');
    expect(end.toISOString()).toBe('2027-09-30T17:00:00.000Z');
    expect(fiscalYearBE(start)).toBe(2570);
    expect(fiscalYearBE(new Date(end.getTime() - 1))).toBe(2570);
    expect(fiscalYearBE(end)).toBe(2571);
  });

  it('reads the Bangkok day of New Year seven hours before UTC', () => {
    expect(bangkokDay(new Date('2026-12-31T17:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });
});

describe('the year list (specification sec. 9)', () => {
  const lastOfSeptember = new Date('2026-09-30T23:59:59.999+07:00');
  const firstOfOctober = new Date('2026-10-01T00:00:00+07:00');

  it('runs from 2555 (2012) to the current fiscal year: 2569 on 30 September, 2570 from 1 October', () => {
    expect(FIRST_LIST_YEAR_BE).toBe(2555);
    expect(yearListRangeBE(lastOfSeptember)).toEqual({ first: 2555, last: 2569 });
    expect(yearListRangeBE(firstOfOctober)).toEqual({ first: 2555, last: 2570 });
  });

  it('refuses a chosen year outside it with a 400 naming the field, in Thai and English', () => {
    expect(checkListedYearBE(2570, 'fiscalYear', firstOfOctober)).toBe(2570);
    expect(checkListedYearBE(2555, 'fiscalYear', firstOfOctober)).toBe(2555);
    const refused = (year: number, now: Date) => {
      try {
        checkListedYearBE(year, 'fiscalYear', now);
      } catch (error) {
        return error as AppError;
      }
      return null;
    };
    const late = refused(2570, lastOfSeptember);
    expect(late).toBeInstanceOf(AppError);
    expect(late?.status).toBe(400);
    expect(late?.messageTh).toContain('ปีงบประมาณ');
    expect(late?.message).toContain('2555');
    expect(late?.message).toContain('2569');
    expect(late?.details).toMatchObject({ field: 'fiscalYear' });
    expect(refused(2554, firstOfOctober)).toBeInstanceOf(AppError);
    expect(refused(2571, firstOfOctober)).toBeInstanceOf(AppError);
  });
});
