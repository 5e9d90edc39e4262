import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  currentBEYear,
  expiryYearListBE,
  fiscalYearBE,
  formatBE,
  formatBEDateTime,
  parseBE,
  toApiDate,
  yearListBE,
} from './dates';

describe('formatBE', () => {
  it('shows the Buddhist-era year, which luxon setLocale("th") alone does not', () => {
    const date = DateTime.fromISO('2026-11-22T10:00:00', { zone: 'Asia/Bangkok' });
    // The trap: Thai locale in luxon still formats the Gregorian year.
    expect(date.setLocale('th').toFormat('yyyy')).toBe('2026');
    expect(formatBE(date)).toBe('22/11/2569');
    expect(formatBE(date, 'long')).toBe('22 พฤศจิกายน 2569');
    expect(formatBE(date, 'long', 'en')).toBe('22 November B.E. 2569');
  });

  it('shows the Bangkok calendar day for an instant near midnight UTC', () => {
    // 17:30 UTC on 21 Nov is 00:30 on 22 Nov in Bangkok (UTC+7).
    expect(formatBE('2026-11-21T17:30:00Z')).toBe('22/11/2569');
    expect(formatBE(new Date(Date.UTC(2026, 10, 21, 17, 30)))).toBe('22/11/2569');
    // 16:59 UTC is still 21 Nov in Bangkok.
    expect(formatBE('2026-11-21T16:59:00Z')).toBe('21/11/2569');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatBE('not a date')).toBe('');
  });
});

describe('formatBEDateTime', () => {
  it('shows the Bangkok time to the minute after the Buddhist-era day', () => {
    // 17:30 UTC on 21 Nov is 00:30 on 22 Nov in Bangkok.
    expect(formatBEDateTime('2026-11-21T17:30:00Z')).toBe('22/11/2569 00:30');
    expect(formatBEDateTime('not a date')).toBe('');
  });
});

describe('parseBE', () => {
  it('turns a Buddhist-era date into the start of that day in Bangkok', () => {
    const parsed = parseBE('22/11/2569');
    expect(parsed.isValid).toBe(true);
    expect(parsed.zoneName).toBe('Asia/Bangkok');
    expect(parsed.toISO()).toBe('2026-11-22T00:00:00.000+07:00');
  });

  it('accepts 29 February in a leap year and rejects it otherwise', () => {
    // 2567 BE = 2024, a leap year; 2566 BE = 2023 is not.
    expect(parseBE('29/02/2567').isValid).toBe(true);
    expect(parseBE('29/02/2566').isValid).toBe(false);
  });

  it('rejects malformed text and impossible days', () => {
    for (const text of ['', '2569-11-22', '22/11/69', '32/01/2569', '00/01/2569', '15/13/2569', 'abc']) {
      expect(parseBE(text).isValid, text).toBe(false);
    }
  });

  it('round-trips with formatBE', () => {
    for (const text of ['01/01/2555', '29/02/2567', '30/09/2569', '31/12/2579']) {
      expect(formatBE(parseBE(text))).toBe(text);
    }
    const instant = DateTime.fromISO('2026-03-05T23:15:00', { zone: 'Asia/Bangkok' });
    expect(parseBE(formatBE(instant)).toISODate()).toBe('2026-03-05');
  });
});

describe('toApiDate', () => {
  it('sends dd/MM/yyyy with a Buddhist-era year, and null for no date', () => {
    expect(toApiDate('2026-01-05T12:00:00+07:00')).toBe('05/01/2569');
    expect(toApiDate(parseBE('29/02/2567'))).toBe('29/02/2567');
    expect(toApiDate(null)).toBeNull();
    expect(toApiDate('')).toBeNull();
    expect(toApiDate(parseBE('29/02/2566'))).toBeNull();
  });
});

describe('years', () => {
  it('gives the current Buddhist-era year from the Bangkok day', () => {
    expect(currentBEYear('2026-06-01T00:00:00+07:00')).toBe(2569);
    // New Year in Bangkok comes seven hours before it does in UTC.
    expect(currentBEYear('2026-12-31T17:00:00Z')).toBe(2570);
  });

  it('starts the fiscal year on 1 October', () => {
    expect(fiscalYearBE('2026-09-30T23:59:59+07:00')).toBe(2569);
    expect(fiscalYearBE('2026-10-01T00:00:00+07:00')).toBe(2570);
    // 30 Sep 17:00 UTC is already 1 Oct in Bangkok.
    expect(fiscalYearBE('2026-09-30T17:00:00Z')).toBe(2570);
    expect(fiscalYearBE('2027-01-15T12:00:00+07:00')).toBe(2570);
  });

  it('lists years from 2555 (2012) to now, and expiry years ten further', () => {
    const now = '2026-06-01T12:00:00+07:00';
    const years = yearListBE(now);
    expect(years[0]).toBe(2555);
    expect(years.at(-1)).toBe(2569);
    expect(years).toHaveLength(2026 - 2012 + 1);
    const expiry = expiryYearListBE(now);
    expect(expiry[0]).toBe(2555);
    expect(expiry.at(-1)).toBe(2579);
  });
});
