import { describe, expect, it } from 'vitest';
import { formatQuantity } from './quantity';

describe('formatQuantity', () => {
  it('shows a whole quantity without decimals, as sacks and pieces are counted', () => {
    expect(formatQuantity('50.000')).toBe('50');
    expect(formatQuantity('10.000')).toBe('10');
    expect(formatQuantity('1234567.000')).toBe('1,234,567');
    expect(formatQuantity('0.000')).toBe('0');
    expect(formatQuantity(12)).toBe('12');
  });

  it('shows a fraction with all three decimals, as kilograms and litres are weighed', () => {
    expect(formatQuantity('2.500')).toBe('2.500');
    expect(formatQuantity('2.5')).toBe('2.500');
    expect(formatQuantity('0.125')).toBe('0.125');
    expect(formatQuantity('1234.05')).toBe('1,234.050');
    expect(formatQuantity('-3.25')).toBe('-3.250');
  });

  it('leaves text that is not a decimal as it is', () => {
    expect(formatQuantity('n/a')).toBe('n/a');
  });
});
