import { describe, expect, it } from 'vitest';
import { formatBaht, formatDecimal, formatMoney, formatQuantity } from './money';

describe('formatMoney', () => {
  it('groups thousands and always shows two decimals', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(100)).toBe('100.00');
    expect(formatMoney(-2500.25)).toBe('-2,500.25');
  });

  it('rounds the float sum 0.1 + 0.2 to satang', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
  });

  it('formats API decimal strings exactly, rounding half away from zero', () => {
    expect(formatMoney('1234.005')).toBe('1,234.01');
    expect(formatMoney('98765432109876.54')).toBe('98,765,432,109,876.54');
    expect(formatMoney(' 42 ')).toBe('42.00');
  });

  it('refuses text that is not an amount', () => {
    expect(() => formatMoney('12,000')).toThrow(RangeError);
    expect(() => formatMoney('abc')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatBaht', () => {
  it('adds the currency word in the interface language', () => {
    expect(formatBaht(1500)).toBe('1,500.00 บาท');
    expect(formatBaht('1500', 'en')).toBe('1,500.00 baht');
  });
});

describe('formatDecimal', () => {
  it('shows a decimal text with its scale, grouped, exactly', () => {
    expect(formatDecimal('10', 3)).toBe('10.000');
    expect(formatDecimal('1234.5', 3)).toBe('1,234.500');
    expect(formatDecimal('99999999999.999', 3)).toBe('99,999,999,999.999');
    expect(formatDecimal('150', 2)).toBe('150.00');
  });

  it('leaves text that is not a decimal as it is', () => {
    expect(formatDecimal('n/a', 2)).toBe('n/a');
  });
});

describe('formatQuantity', () => {
  it('shows a whole quantity without decimals, as sacks and pieces are counted', () => {
    expect(formatQuantity('50.000')).toBe('50');
    expect(formatQuantity('10.000')).toBe('10');
    expect(formatQuantity('1200.00')).toBe('1,200');
    expect(formatQuantity('0.000')).toBe('0');
    expect(formatQuantity(12)).toBe('12');
  });

  it('shows a fraction with all three decimals, as kilograms and litres are weighed', () => {
    expect(formatQuantity('2.500')).toBe('2.500');
    expect(formatQuantity('2.5')).toBe('2.500');
    expect(formatQuantity('0.125')).toBe('0.125');
    expect(formatQuantity('1234.05')).toBe('1,234.050');
    expect(formatQuantity('-3.250')).toBe('-3.250');
    expect(formatQuantity('-4.000')).toBe('-4');
  });

  it('leaves text that is not a decimal as it is', () => {
    expect(formatQuantity('n/a')).toBe('n/a');
  });
});
