import { describe, expect, it } from 'vitest';
import { bangkokFiscalYearBE, bangkokYearBE } from './bangkok-calendar';
import { currentBEYear, fiscalYearBE } from './dates';

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
