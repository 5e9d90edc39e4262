import { describe, expect, it } from 'vitest';
import { bangkokFiscalYearBE, bangkokYearBE, expiryYearListBE, yearListBE } from './bangkok-calendar';
import {
  currentBEYear,
  expiryYearListBE as datesExpiryYearListBE,
  yearListBE as datesYearListBE,
  fiscalYearBE,
} from './dates';

// The light functions must agree with platform/dates.ts (luxon) on the traps: midnight in Bangkok
// while it is still the day before in UTC, New Year, and the fiscal year turning on 1 October.
const instants = [
  '2025-12-31T16:59:59Z',
  '2025-12-31T17:00:00Z',
  '2026-09-30T16:59:59Z',
  '2026-09-30T17:00:00Z',
  '2027-02-28T23:00:00Z',
];

describe('Bangkok calendar without luxon', () => {
  it.each(instants)('agrees with dates.ts at %s', (iso) => {
    const at = new Date(iso);
    expect(bangkokYearBE(at)).toBe(currentBEYear(at));
    expect(bangkokFiscalYearBE(at)).toBe(fiscalYearBE(at));
  });

  it('turns the fiscal year at midnight on 1 October in Bangkok', () => {
    expect(bangkokFiscalYearBE(new Date('2026-09-30T16:59:59Z'))).toBe(2569);
    expect(bangkokFiscalYearBE(new Date('2026-09-30T17:00:00Z'))).toBe(2570);
    expect(bangkokYearBE(new Date('2025-12-31T17:00:00Z'))).toBe(2569);
  });
});

describe('the year list (specification sec. 9)', () => {
  // The last moment of 30 September and the first of 1 October, Bangkok time (UTC+7).
  const lastOfSeptember = new Date('2026-09-30T23:59:59.999+07:00');
  const firstOfOctober = new Date('2026-10-01T00:00:00+07:00');

  it('runs from 2555 (2012) to the current fiscal year: 2569 on 30 September, 2570 from 1 October', () => {
    const september = yearListBE(lastOfSeptember);
    expect(september[0]).toBe(2555);
    expect(september.at(-1)).toBe(2569);
    expect(september).toHaveLength(2569 - 2555 + 1);
    const october = yearListBE(firstOfOctober);
    expect(october[0]).toBe(2555);
    expect(october.at(-1)).toBe(2570);
    // Today (28 November 2026): 2570, the year the home page and every number show.
    expect(yearListBE(new Date('2026-11-28T10:00:00+07:00')).at(-1)).toBe(2570);
    // Oldest first, one year each.
    expect(october.every((y, i) => i === 0 || y === (october[i - 1] as number) + 1)).toBe(true);
  });

  it('runs the expiry list to the current fiscal year plus ten', () => {
    expect(expiryYearListBE(lastOfSeptember).at(-1)).toBe(2579);
    expect(expiryYearListBE(firstOfOctober).at(-1)).toBe(2580);
    expect(expiryYearListBE(firstOfOctober)[0]).toBe(2555);
  });

  it('is the list dates.ts gives (one rule, whatever the input form)', () => {
    expect(datesYearListBE('2026-09-30T23:59:59+07:00')).toEqual(yearListBE(lastOfSeptember));
    expect(datesYearListBE('2026-09-30T17:00:00Z')).toEqual(yearListBE(firstOfOctober));
    expect(datesExpiryYearListBE(firstOfOctober)).toEqual(expiryYearListBE(firstOfOctober));
  });
});
