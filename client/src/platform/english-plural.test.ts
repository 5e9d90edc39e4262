import { describe, expect, it } from 'vitest';
import { englishUnitFor } from './english-plural';

describe('an English counting unit after its count', () => {
  it('stays singular for one and takes the regular plural otherwise', () => {
    expect(englishUnitFor(1, 'bottle')).toBe('bottle');
    expect(englishUnitFor(380, 'bottle')).toBe('bottles');
    expect(englishUnitFor(2, 'box')).toBe('boxes');
    expect(englishUnitFor(0, 'piece')).toBe('pieces');
    expect(englishUnitFor(12.5, 'kilogram')).toBe('kilograms');
    expect(englishUnitFor(2, 'battery')).toBe('batteries');
  });
});
