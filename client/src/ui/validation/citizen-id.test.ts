import { describe, expect, it } from 'vitest';
import { formatCitizenId, isValidCitizenId, normaliseCitizenId } from './citizen-id';

describe('citizen id', () => {
  it('accepts ids whose 13th digit is the mod-11 check digit', () => {
    // 1101700230708: weighted sum of the first 12 digits is 124; (11 - 124 mod 11) mod 10 = 8.
    for (const id of ['1101700230708', '3100600445287', '1234567890121']) {
      expect(isValidCitizenId(id), id).toBe(true);
    }
  });

  it('rejects a wrong check digit, and handles the two edge remainders', () => {
    expect(isValidCitizenId('1101700230707')).toBe(false);
    expect(isValidCitizenId('3100600445280')).toBe(false);
    // Weighted sum 23: 23 mod 11 = 1, so 11 - 1 = 10, written as 0 (never 1).
    expect(isValidCitizenId('1000000000050')).toBe(true);
    expect(isValidCitizenId('1000000000051')).toBe(false);
    // Weighted sum 22: 22 mod 11 = 0, so 11 - 0 = 11, written as 1.
    expect(isValidCitizenId('1000000000131')).toBe(true);
    expect(isValidCitizenId('1000000000130')).toBe(false);
  });

  it('allows the printed separators but nothing else, and exactly 13 digits', () => {
    expect(isValidCitizenId('1-1017-00230-70-8')).toBe(true);
    expect(isValidCitizenId('1 1017 00230 70 8')).toBe(true);
    expect(isValidCitizenId('110170023070')).toBe(false);
    expect(isValidCitizenId('11017002307088')).toBe(false);
    expect(isValidCitizenId('1101700230a08')).toBe(false);
    expect(isValidCitizenId('')).toBe(false);
  });

  it('normalises and formats for display', () => {
    expect(normaliseCitizenId('1-1017-00230-70-8')).toBe('1101700230708');
    expect(formatCitizenId('1101700230708')).toBe('1-1017-00230-70-8');
    expect(formatCitizenId('11017')).toBe('1-1017');
  });
});
