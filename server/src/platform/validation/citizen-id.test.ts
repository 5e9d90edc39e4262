import { describe, expect, it } from 'vitest';
import { isValidCitizenId } from './citizen-id';

describe('citizen id checksum', () => {
  it('accepts ids whose check digit matches and refuses the rest', () => {
    expect(isValidCitizenId('1101700203450')).toBe(true);
    expect(isValidCitizenId('3100600445813')).toBe(true);
    expect(isValidCitizenId('1234567890121')).toBe(true);
    expect(isValidCitizenId('1101700203452')).toBe(false);
    expect(isValidCitizenId('110170020345')).toBe(false);
    expect(isValidCitizenId('1234567890122')).toBe(false);
    expect(isValidCitizenId('11017002034a1')).toBe(false);
  });
});
