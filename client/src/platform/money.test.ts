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

describe('the formatting written out, against th-TH Intl.NumberFormat (the formatter it replaces)', () => {
  const intl = (value: string | number, scale: number) =>
    new Intl.NumberFormat('th-TH', {
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
      numberingSystem: 'latn',
    }).format(value as number);
  // Digits that carry through every place (9s), halves, leading zeros, signs, long integers.
  const samples = ['0', '-0', '-0.001', '0.5', '-0.5', '007.5', '999.995', '9999999.9999', '1000', '-1234.5'];
  let seed = 24;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let i = 0; i < 300; i++) {
    const whole = String(random()).slice(0, 1 + (random() % 10));
    const fraction = String(random()).slice(0, random() % 6);
    samples.push(`${random() % 4 === 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);
  }

  it('gives the same text for decimal strings at every scale the app uses', () => {
    for (const text of samples)
      for (const scale of [0, 2, 3])
        expect([text, scale, formatDecimal(text, scale)]).toEqual([text, scale, intl(text, scale)]);
  });

  it('gives the same text for numbers, fractions of a satang and floats included', () => {
    for (const value of [0.1 + 0.2, 1.005, 2.675, 1234567.891, -2500.255, 1e21, 1e-7, 123456789012.345])
      expect([value, formatMoney(value)]).toEqual([value, intl(value, 2)]);
  });
});
